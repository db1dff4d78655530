import { between, type Random } from '../random.js';

/** Rounds to one decimal so the generated SVG stays small. */
export const n = (value: number) => Math.round(value * 10) / 10;

type Attributes = Record<string, string | number | undefined>;

const attributes = (attrs: Attributes) =>
  Object.entries(attrs)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}="${typeof value === 'number' ? n(value) : value}"`)
    .join(' ');

const el = (tag: string, attrs: Attributes, children = '') =>
  children ? `<${tag} ${attributes(attrs)}>${children}</${tag}>` : `<${tag} ${attributes(attrs)}/>`;

export const circle = (cx: number, cy: number, r: number, fill: string, extra: Attributes = {}) =>
  el('circle', { cx, cy, r, fill, ...extra });

export const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra: Attributes = {}) =>
  el('ellipse', { cx, cy, rx, ry, fill, ...extra });

export const rect = (x: number, y: number, width: number, height: number, fill: string, extra: Attributes = {}) =>
  el('rect', { x, y, width, height, fill, ...extra });

export const path = (d: string, fill: string, extra: Attributes = {}) => el('path', { d, fill, ...extra });

export const group = (transform: string, children: string, extra: Attributes = {}) => el('g', { transform, ...extra }, children);

export const place = (x: number, y: number, scale: number, children: string, rotate = 0) =>
  group(`translate(${n(x)} ${n(y)}) rotate(${n(rotate)}) scale(${n(scale * 100) / 100})`, children);

type Point = [number, number];

/** A closed, smooth curve through the points (Catmull-Rom turned into cubic Béziers). */
function smoothClosedPath(points: readonly Point[]): string {
  const at = (i: number) => points[(i + points.length) % points.length]!;
  let d = `M${n(at(0)[0])} ${n(at(0)[1])}`;
  for (let i = 0; i < points.length; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return `${d}Z`;
}

/** An organic round shape: a mound of rice, a puddle of stew, a dollop of pepper sauce. */
export function blob(
  random: Random,
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  wobble: number,
  fill: string,
  extra: Attributes = {},
) {
  const count = 11;
  const points: Point[] = [];
  for (let i = 0; i < count; i++) {
    const angle = (i / count) * Math.PI * 2;
    const stretch = 1 + between(random, -wobble, wobble);
    points.push([cx + Math.cos(angle) * rx * stretch, cy + Math.sin(angle) * ry * stretch]);
  }
  return path(smoothClosedPath(points), fill, extra);
}

/** A uniformly spread point inside an ellipse. */
export function pointIn(random: Random, cx: number, cy: number, rx: number, ry: number): Point {
  const angle = random() * Math.PI * 2;
  const distance = Math.sqrt(random());
  return [cx + Math.cos(angle) * rx * distance, cy + Math.sin(angle) * ry * distance];
}

export const svgDocument = (width: number, height: number, viewBox: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${viewBox}">${body}</svg>`;
