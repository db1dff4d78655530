import { between, type Random } from '../random.js';
import { circle, ellipse, n, path, rect } from './svg.js';

/** Plates, bowls, glasses and table cloths, centred in the 400×300 dish canvas. */

export const CENTER = { cx: 200, cy: 152 };

export function plate({ cx, cy } = CENTER, r = 128, rim = '#fbfaf6', well = '#f1ece1') {
  return (
    ellipse(cx + 8, cy + 12, r, r * 0.96, '#000000', { opacity: 0.18 }) +
    circle(cx, cy, r, rim) +
    circle(cx, cy, r * 0.78, well) +
    circle(cx, cy, r * 0.78, 'none', { stroke: '#ffffff', 'stroke-width': 3, opacity: 0.8 })
  );
}

export function bowl({ cx, cy } = CENTER, r = 122, outside = '#7a3b1e', inside = '#5e2c15') {
  return (
    ellipse(cx + 8, cy + 12, r, r * 0.96, '#000000', { opacity: 0.2 }) +
    circle(cx, cy, r, outside) +
    circle(cx, cy, r * 0.86, inside) +
    path(
      `M${n(cx - r * 0.7)} ${n(cy - r * 0.55)}A${n(r * 0.93)} ${n(r * 0.93)} 0 0 1 ${n(cx + r * 0.2)} ${n(cy - r * 0.9)}`,
      'none',
      {
        stroke: '#ffffff',
        'stroke-width': 5,
        'stroke-linecap': 'round',
        opacity: 0.25,
      },
    )
  );
}

/** Waakye and kenkey are served on leaves; this lines a plate with one. */
export function leafLining(random: Random, { cx, cy } = CENTER, r = 104) {
  const veins = Array.from({ length: 7 }, (_, i) => {
    const x = cx - r * 0.75 + (i * r * 1.5) / 6;
    return `M${n(x)} ${n(cy)}L${n(x + between(random, 18, 26))} ${n(cy - r * 0.55)}M${n(x)} ${n(cy)}L${n(x + between(random, 18, 26))} ${n(cy + r * 0.55)}`;
  }).join('');
  return (
    path(
      `M${n(cx - r * 1.05)} ${n(cy)}C${n(cx - r * 0.6)} ${n(cy - r * 0.95)} ${n(cx + r * 0.6)} ${n(cy - r * 0.95)} ${n(cx + r * 1.05)} ${n(cy)}C${n(cx + r * 0.6)} ${n(cy + r * 0.95)} ${n(cx - r * 0.6)} ${n(cy + r * 0.95)} ${n(cx - r * 1.05)} ${n(cy)}Z`,
      '#3f8f3a',
    ) +
    path(`M${n(cx - r)} ${n(cy)}L${n(cx + r)} ${n(cy)}${veins}`, 'none', { stroke: '#2f6f2b', 'stroke-width': 2, opacity: 0.8 })
  );
}

export interface GlassOptions {
  drink: string;
  foam?: string;
  ice?: boolean;
  straw?: string;
  garnish?: string;
}

/** A tall glass seen from the side, on a round coaster. */
export function glass({ drink, foam, ice = true, straw = '#e63946', garnish = '' }: GlassOptions) {
  const top = 48;
  const bottom = 262;
  const liquidTop = foam ? 84 : 78;
  const wall = (y: number) => 62 - ((y - top) / (bottom - top)) * 16;
  const cubes = ice
    ? rect(178, 96, 30, 28, '#ffffff', { rx: 5, opacity: 0.45, transform: 'rotate(12 193 110)' }) +
      rect(206, 122, 28, 26, '#ffffff', { rx: 5, opacity: 0.4, transform: 'rotate(-10 220 135)' }) +
      rect(184, 140, 26, 24, '#ffffff', { rx: 5, opacity: 0.35, transform: 'rotate(25 197 152)' })
    : '';
  return (
    ellipse(208, 270, 86, 16, '#000000', { opacity: 0.18 }) +
    ellipse(200, 264, 78, 14, '#c98f5a') +
    path(
      `M${200 - wall(liquidTop)} ${liquidTop}L${200 + wall(liquidTop)} ${liquidTop}L${200 + wall(bottom)} ${bottom}L${200 - wall(bottom)} ${bottom}Z`,
      drink,
    ) +
    (foam ? rect(200 - wall(liquidTop), liquidTop - 10, wall(liquidTop) * 2, 14, foam, { rx: 6 }) : '') +
    cubes +
    path(`M218 ${liquidTop + 10}L250 20`, 'none', { stroke: straw, 'stroke-width': 8, 'stroke-linecap': 'round' }) +
    path(
      `M${200 - wall(top)} ${top}L${200 - wall(bottom)} ${bottom}L${200 + wall(bottom)} ${bottom}L${200 + wall(top)} ${top}`,
      'none',
      {
        stroke: '#ffffff',
        'stroke-width': 4,
        opacity: 0.75,
        'stroke-linejoin': 'round',
      },
    ) +
    rect(200 - wall(top) + 10, top + 14, 8, bottom - top - 40, '#ffffff', { rx: 4, opacity: 0.25 }) +
    garnish
  );
}

export type Pattern = 'dots' | 'stripes' | 'checks' | 'waves';

/** A table cloth: a flat colour with a quiet repeating pattern. */
export function tableCloth(width: number, height: number, color: string, pattern: Pattern, ink = '#ffffff') {
  let marks = '';
  if (pattern === 'dots') {
    for (let y = 12; y < height; y += 26) {
      for (let x = (y / 26) % 2 === 0 ? 12 : 25; x < width; x += 26) marks += circle(x, y, 3, ink);
    }
  } else if (pattern === 'stripes') {
    for (let x = -height; x < width; x += 34)
      marks += path(`M${x} ${height}L${x + height} 0`, 'none', { stroke: ink, 'stroke-width': 10 });
  } else if (pattern === 'checks') {
    for (let y = 0; y < height; y += 40) {
      for (let x = ((y / 40) % 2) * 40; x < width; x += 80) marks += rect(x, y, 40, 40, ink);
    }
  } else {
    for (let y = 20; y < height + 20; y += 30) {
      let d = `M0 ${y}`;
      for (let x = 0; x < width; x += 40) d += `q10 -8 20 0t20 0`;
      marks += path(d, 'none', { stroke: ink, 'stroke-width': 3 });
    }
  }
  return rect(0, 0, width, height, color) + `<g opacity="0.12">${marks}</g>`;
}

/** A woven band in kente colours, used across banners and carousel slides. */
export function kenteBand(x: number, y: number, width: number, height: number) {
  const colors = ['#f2c230', '#1f7a3e', '#c1272d', '#1d1d1b', '#f2c230', '#e07a1f'];
  let out = '';
  const block = height;
  for (let i = 0; i * block < width; i++) {
    const color = colors[i % colors.length]!;
    out += rect(x + i * block, y, block, height, color);
    out += rect(x + i * block, y + height * 0.42, block, height * 0.16, i % 2 ? '#f2c230' : '#1d1d1b', { opacity: 0.8 });
    out += rect(x + i * block + block * 0.42, y, block * 0.16, height, '#ffffff', { opacity: 0.18 });
  }
  return out;
}
