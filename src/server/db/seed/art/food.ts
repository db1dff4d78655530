import { between, pickOne, type Random } from '../random.js';
import { blob, circle, ellipse, group, n, path, place, pointIn, rect } from './svg.js';

/** Top-down food pieces drawn around a centre point, in the 400×300 dish canvas. */

export interface Spot {
  cx: number;
  cy: number;
}

export function rice(
  random: Random,
  { cx, cy, rx, ry, base, grain, bits = [] }: Spot & { rx: number; ry: number; base: string; grain: string; bits?: string[] },
) {
  let out = blob(random, cx, cy, rx, ry, 0.08, base);
  out += blob(random, cx - rx * 0.15, cy - ry * 0.2, rx * 0.6, ry * 0.5, 0.1, grain, { opacity: 0.25 });
  for (let i = 0; i < Math.round(rx * ry * 0.028); i++) {
    const [x, y] = pointIn(random, cx, cy, rx * 0.92, ry * 0.92);
    out += ellipse(x, y, 3.6, 1.5, grain, { transform: `rotate(${n(random() * 180)} ${n(x)} ${n(y)})`, opacity: 0.85 });
  }
  for (let i = 0; i < bits.length * 7; i++) {
    const [x, y] = pointIn(random, cx, cy, rx * 0.85, ry * 0.85);
    out += circle(x, y, between(random, 1.8, 3), bits[i % bits.length]!);
  }
  return out;
}

export function stew(
  random: Random,
  { cx, cy, rx, ry, color, oil = '#f2a23a' }: Spot & { rx: number; ry: number; color: string; oil?: string },
) {
  let out = blob(random, cx, cy, rx, ry, 0.14, color);
  for (let i = 0; i < 6; i++) {
    const [x, y] = pointIn(random, cx, cy, rx * 0.7, ry * 0.7);
    out += circle(x, y, between(random, 2, 5), oil, { opacity: 0.55 });
  }
  return out;
}

export function sauceDollop(random: Random, { cx, cy, r, color }: Spot & { r: number; color: string }) {
  return (
    blob(random, cx, cy, r, r * 0.85, 0.18, color) + circle(cx - r * 0.3, cy - r * 0.3, r * 0.22, '#ffffff', { opacity: 0.25 })
  );
}

export function ball({ cx, cy, r, color, shine = '#ffffff' }: Spot & { r: number; color: string; shine?: string }) {
  return (
    circle(cx + r * 0.06, cy + r * 0.1, r, '#000000', { opacity: 0.12 }) +
    circle(cx, cy, r, color) +
    circle(cx - r * 0.22, cy - r * 0.25, r * 0.55, shine, { opacity: 0.35 }) +
    circle(cx - r * 0.35, cy - r * 0.4, r * 0.14, shine, { opacity: 0.7 })
  );
}

export function drumstick({
  cx,
  cy,
  angle = 0,
  scale = 1,
  color = '#b5602b',
}: Spot & { angle?: number; scale?: number; color?: string }) {
  const meat =
    path('M-42 0C-42 -26 -12 -32 8 -18C18 -11 24 -7 30 -6L30 6C24 7 18 11 8 18C-12 32 -42 26 -42 0Z', color) +
    path('M-30 -14C-20 -22 -6 -22 4 -14', 'none', {
      stroke: '#ffd9a0',
      'stroke-width': 4,
      'stroke-linecap': 'round',
      opacity: 0.45,
    }) +
    path('M-28 4L-8 -8M-24 14L-2 2', 'none', { stroke: '#5a2a10', 'stroke-width': 3, 'stroke-linecap': 'round', opacity: 0.55 });
  const bone = rect(28, -4.5, 22, 9, '#f6efe2', { rx: 4 }) + circle(52, -5, 6, '#f6efe2') + circle(52, 5, 6, '#f6efe2');
  return place(cx, cy, scale, bone + meat, angle);
}

export function fish({
  cx,
  cy,
  length = 150,
  angle = 0,
  body = '#8f8f86',
  belly = '#c9c4b3',
  grilled = false,
}: Spot & { length?: number; angle?: number; body?: string; belly?: string; grilled?: boolean }) {
  const s = length / 150;
  const tail = path('M52 0L80 -24C84 -10 84 10 80 24Z', body);
  const torso = path('M-72 0C-60 -30 -10 -40 30 -28C44 -22 52 -10 56 0C52 10 44 22 30 28C-10 40 -60 30 -72 0Z', body);
  const underside = path('M-60 6C-40 24 0 28 36 16C20 30 -36 34 -60 6Z', belly, { opacity: 0.8 });
  const fins =
    path('M-20 -34L4 -44L20 -30Z', body, { opacity: 0.9 }) +
    path('M-8 -20L-4 -6M4 -22L8 -8M16 -22L18 -10', 'none', { stroke: '#000000', 'stroke-width': 1.5, opacity: 0.2 });
  const gill = path('M-46 -16C-38 -6 -38 6 -46 16', 'none', { stroke: '#3d3d36', 'stroke-width': 2.5, opacity: 0.5 });
  const eye = circle(-58, -5, 5, '#ffffff') + circle(-58, -5, 2.5, '#1d1d1b');
  const marks = grilled
    ? path('M-30 -26L-44 20M-10 -30L-24 26M10 -28L-4 28M30 -22L18 24', 'none', {
        stroke: '#2a1a10',
        'stroke-width': 4,
        'stroke-linecap': 'round',
        opacity: 0.6,
      })
    : '';
  return place(cx, cy, s, tail + fins + torso + underside + marks + gill + eye, angle);
}

/** Rounded pieces scattered in a patch: kelewele, beef chunks, yam chips, fruit. */
export function pieces(
  random: Random,
  {
    cx,
    cy,
    rx,
    ry,
    count,
    width,
    height,
    colors,
    edge,
  }: Spot & { rx: number; ry: number; count: number; width: number; height: number; colors: string[]; edge?: string },
) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const [x, y] = pointIn(random, cx, cy, rx, ry);
    const w = width * between(random, 0.85, 1.15);
    const h = height * between(random, 0.85, 1.15);
    out += rect(x - w / 2, y - h / 2, w, h, pickOne(random, colors), {
      rx: Math.min(w, h) * 0.3,
      transform: `rotate(${n(random() * 360)} ${n(x)} ${n(y)})`,
      stroke: edge,
      'stroke-width': edge ? 1.6 : undefined,
    });
  }
  return out;
}

export function plantainSlices(random: Random, { cx, cy, rx, ry, count }: Spot & { rx: number; ry: number; count: number }) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const [x, y] = pointIn(random, cx, cy, rx, ry);
    const rotation = random() * 180;
    out += group(
      `rotate(${n(rotation)} ${n(x)} ${n(y)})`,
      ellipse(x, y, 17, 10, '#c96a12') +
        ellipse(x, y, 13, 7, '#f0a93a') +
        ellipse(x - 3, y - 2, 6, 3, '#ffd27a', { opacity: 0.8 }),
    );
  }
  return out;
}

export function beans(
  random: Random,
  { cx, cy, rx, ry, count, color }: Spot & { rx: number; ry: number; count: number; color: string },
) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const [x, y] = pointIn(random, cx, cy, rx, ry);
    out += ellipse(x, y, 5, 3.4, color, { transform: `rotate(${n(random() * 180)} ${n(x)} ${n(y)})` });
    out += circle(x - 1, y - 1, 1, '#ffffff', { opacity: 0.5 });
  }
  return out;
}

export function sprinkle(
  random: Random,
  { cx, cy, rx, ry, count, color, size }: Spot & { rx: number; ry: number; count: number; color: string; size: number },
) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const [x, y] = pointIn(random, cx, cy, rx, ry);
    out += circle(x, y, size * between(random, 0.7, 1.2), color);
  }
  return out;
}

export function boiledEgg({ cx, cy, r = 22 }: Spot & { r?: number }) {
  return (
    ellipse(cx, cy, r, r * 0.78, '#fbf8ef', { stroke: '#e6dfcc', 'stroke-width': 1.5 }) +
    circle(cx + 1, cy, r * 0.45, '#f4b41a') +
    circle(cx - 2, cy - 2, r * 0.15, '#ffe08a')
  );
}

export function leaves(
  random: Random,
  { cx, cy, count, size = 24, color = '#4f9a3a' }: Spot & { count: number; size?: number; color?: string },
) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const angle = (i / count) * 360 + between(random, -20, 20);
    const leaf =
      path(
        `M0 0C${size * 0.4} ${-size * 0.45} ${size * 1.1} ${-size * 0.4} ${size * 1.5} 0C${size * 1.1} ${size * 0.4} ${size * 0.4} ${size * 0.45} 0 0Z`,
        color,
      ) + path(`M2 0L${size * 1.35} 0`, 'none', { stroke: '#2f6b22', 'stroke-width': 1.5, opacity: 0.7 });
    out += group(`translate(${n(cx)} ${n(cy)}) rotate(${n(angle)})`, leaf);
  }
  return out;
}

export function tomatoSlice({ cx, cy, r = 14 }: Spot & { r?: number }) {
  let seeds = '';
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI * 2;
    seeds += ellipse(cx + Math.cos(a) * r * 0.5, cy + Math.sin(a) * r * 0.5, 2.2, 1.3, '#fde3a7', {
      transform: `rotate(${n((a * 180) / Math.PI)} ${n(cx + Math.cos(a) * r * 0.5)} ${n(cy + Math.sin(a) * r * 0.5)})`,
    });
  }
  return circle(cx, cy, r, '#d7263d') + circle(cx, cy, r * 0.8, '#ef5b5b') + seeds;
}

export function onionRings(random: Random, { cx, cy, count }: Spot & { count: number }) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const [x, y] = pointIn(random, cx, cy, 20, 14);
    out += ellipse(x, y, between(random, 8, 13), between(random, 6, 9), 'none', {
      stroke: '#b57ab5',
      'stroke-width': 2.2,
      opacity: 0.9,
    });
  }
  return out;
}

export function noodles(random: Random, { cx, cy, rx, ry, color }: Spot & { rx: number; ry: number; color: string }) {
  let out = '';
  for (let i = 0; i < 14; i++) {
    const [x, y] = pointIn(random, cx, cy, rx * 0.7, ry * 0.7);
    const a = random() * Math.PI;
    const dx = Math.cos(a) * rx * 0.6;
    const dy = Math.sin(a) * ry * 0.6;
    out += path(`M${n(x - dx)} ${n(y - dy)}Q${n(x + dy)} ${n(y - dx)} ${n(x + dx)} ${n(y + dy)}`, 'none', {
      stroke: color,
      'stroke-width': 3,
      'stroke-linecap': 'round',
    });
  }
  return out;
}

export function skewer({ x1, y1, x2, y2, colors }: { x1: number; y1: number; x2: number; y2: number; colors: string[] }) {
  let out = path(`M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}`, 'none', {
    stroke: '#d9b27c',
    'stroke-width': 4,
    'stroke-linecap': 'round',
  });
  const angle = (Math.atan2(y2 - y1, x2 - x1) * 180) / Math.PI;
  const count = colors.length;
  colors.forEach((color, i) => {
    const t = 0.2 + (0.7 * i) / Math.max(1, count - 1);
    const x = x1 + (x2 - x1) * t;
    const y = y1 + (y2 - y1) * t;
    out += rect(x - 12, y - 13, 24, 26, color, { rx: 7, transform: `rotate(${n(angle)} ${n(x)} ${n(y)})` });
    out += rect(x - 8, y - 9, 7, 18, '#ffffff', { rx: 3, opacity: 0.12, transform: `rotate(${n(angle)} ${n(x)} ${n(y)})` });
  });
  return out;
}

export function cornCob({ cx, cy, angle = 0, scale = 1 }: Spot & { angle?: number; scale?: number }) {
  let kernels = '';
  for (let row = 0; row < 4; row++) {
    for (let col = 0; col < 11; col++) {
      const charred = (row * 7 + col * 3) % 5 === 0;
      kernels += rect(-55 + col * 10, -18 + row * 9, 8.5, 7.5, charred ? '#6b3d12' : '#f7c331', { rx: 2.5 });
    }
  }
  const husk =
    path('M55 -6C75 -24 95 -22 110 -30C96 -12 86 0 60 6Z', '#c8b46a') +
    path('M55 6C76 20 92 18 108 28C94 10 82 0 60 -2Z', '#a99a50');
  return place(cx, cy, scale, husk + rect(-60, -22, 118, 44, '#e0a91f', { rx: 20 }) + kernels, angle);
}

export function meatPie({ cx, cy, scale = 1, angle = 0 }: Spot & { scale?: number; angle?: number }) {
  let crimp = '';
  for (let i = 0; i <= 8; i++) {
    const a = Math.PI + (i / 8) * Math.PI;
    crimp += circle(Math.cos(a) * 50, 10 + Math.sin(a) * 50, 4, '#c98a3a');
  }
  return place(
    cx,
    cy,
    scale,
    path('M-52 10A52 52 0 0 1 52 10Z', '#e8b566') +
      path('M-40 0A40 40 0 0 1 40 0', 'none', { stroke: '#f6d9a0', 'stroke-width': 5, opacity: 0.6 }) +
      crimp,
    angle,
  );
}

export function puffs(
  random: Random,
  { cx, cy, rx, ry, count, r = 18 }: Spot & { rx: number; ry: number; count: number; r?: number },
) {
  let out = '';
  for (let i = 0; i < count; i++) {
    const [x, y] = pointIn(random, cx, cy, rx, ry);
    out += ball({
      cx: x,
      cy: y,
      r: r * between(random, 0.85, 1.1),
      color: pickOne(random, ['#c77a22', '#d58a2b', '#b86a1c']),
      shine: '#ffd8a0',
    });
  }
  return out + sprinkle(random, { cx, cy, rx: rx + r, ry: ry + r, count: 40, color: '#ffffff', size: 1.3 });
}

export function scoop(random: Random, { cx, cy, r, color, fleck }: Spot & { r: number; color: string; fleck?: string }) {
  let out =
    blob(random, cx, cy, r, r * 0.92, 0.12, color) + circle(cx - r * 0.3, cy - r * 0.35, r * 0.3, '#ffffff', { opacity: 0.35 });
  if (fleck) out += sprinkle(random, { cx, cy, rx: r * 0.7, ry: r * 0.7, count: 12, color: fleck, size: 1.6 });
  return out;
}

export function kenkeyBall({ cx, cy, r = 46 }: Spot & { r?: number }) {
  const husk =
    path(
      `M${n(cx - r * 1.5)} ${n(cy + r * 0.2)}C${n(cx - r)} ${n(cy - r * 1.3)} ${n(cx + r)} ${n(cy - r * 1.3)} ${n(cx + r * 1.5)} ${n(cy + r * 0.3)}C${n(cx + r)} ${n(cy + r * 1.2)} ${n(cx - r)} ${n(cy + r * 1.2)} ${n(cx - r * 1.5)} ${n(cy + r * 0.2)}Z`,
      '#c7b47d',
    ) +
    path(
      `M${n(cx - r * 1.3)} ${n(cy)}L${n(cx + r * 1.3)} ${n(cy + r * 0.15)}M${n(cx - r * 1.2)} ${n(cy + r * 0.4)}L${n(cx + r * 1.2)} ${n(cy + r * 0.55)}`,
      'none',
      { stroke: '#9c8a52', 'stroke-width': 2 },
    );
  return (
    husk +
    ball({ cx, cy, r, color: '#ece3c8', shine: '#ffffff' }) +
    circle(cx + r * 0.2, cy + r * 0.25, r * 0.5, '#d8cba3', { opacity: 0.5 })
  );
}

export function soup(
  random: Random,
  {
    cx,
    cy,
    r,
    color,
    oil = '#f08a24',
    chunks = [] as string[],
  }: Spot & { r: number; color: string; oil?: string; chunks?: string[] },
) {
  let out = circle(cx, cy, r, color);
  for (let i = 0; i < 14; i++) {
    const [x, y] = pointIn(random, cx, cy, r * 0.85, r * 0.85);
    out += circle(x, y, between(random, 1.5, 4.5), oil, { opacity: 0.7 });
  }
  for (const chunk of chunks) {
    const [x, y] = pointIn(random, cx, cy, r * 0.6, r * 0.6);
    out += blob(random, x, y, 13, 10, 0.2, chunk) + circle(x - 3, y - 3, 3, '#ffffff', { opacity: 0.2 });
  }
  return out;
}

export function pineappleWedge({ cx, cy, scale = 1, angle = 0 }: Spot & { scale?: number; angle?: number }) {
  return place(
    cx,
    cy,
    scale,
    path('M-30 10L30 10L0 -34Z', '#f9d649') +
      path('M-30 10L30 10L28 16L-28 16Z', '#7a9a2a') +
      path('M-14 0L14 0M-7 -12L7 -12', 'none', { stroke: '#e0a82a', 'stroke-width': 2 }),
    angle,
  );
}

export function chili({
  cx,
  cy,
  angle = 0,
  scale = 1,
  color = '#d62828',
}: Spot & { angle?: number; scale?: number; color?: string }) {
  return place(
    cx,
    cy,
    scale,
    path('M-30 0C-20 -12 10 -10 28 -2C12 6 -16 10 -30 0Z', color) +
      path('M28 -2C32 -6 36 -6 40 -10', 'none', { stroke: '#3f7d20', 'stroke-width': 4, 'stroke-linecap': 'round' }),
    angle,
  );
}
