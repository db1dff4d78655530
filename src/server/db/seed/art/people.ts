import { circle, ellipse, path, rect, svgDocument } from './svg.js';

export interface Look {
  background: string;
  skin: string;
  shirt: string;
  /** Short hair in this colour, or a head wrap (duku) in this colour. */
  hair: { style: 'short' | 'wrap'; color: string };
}

/** The head and shoulders of a person, centred in a 400×400 frame. */
function portrait(look: Look) {
  const hair =
    look.hair.style === 'short'
      ? path(
          'M128 168C126 104 170 78 200 78C236 78 276 100 272 168C262 132 236 120 200 120C166 120 140 132 128 168Z',
          look.hair.color,
        )
      : path(
          'M118 160C110 90 160 58 206 60C258 62 296 100 282 160C270 128 240 112 200 112C160 112 132 126 118 160Z',
          look.hair.color,
        ) +
        path('M238 70C262 44 298 50 300 76C286 70 266 74 250 88Z', look.hair.color) +
        path('M140 120C170 96 236 96 262 120', 'none', { stroke: '#ffffff', 'stroke-width': 6, opacity: 0.35 });
  return (
    rect(0, 0, 400, 400, look.background) +
    path('M70 400C76 320 130 282 200 282C270 282 324 320 330 400Z', look.shirt) +
    path('M170 286L200 322L230 286Z', '#ffffff', { opacity: 0.25 }) +
    rect(176, 232, 48, 60, look.skin, { rx: 18 }) +
    ellipse(200, 172, 72, 84, look.skin) +
    ellipse(128, 178, 12, 18, look.skin) +
    ellipse(272, 178, 12, 18, look.skin) +
    hair +
    circle(174, 176, 6, '#1d1d1b') +
    circle(226, 176, 6, '#1d1d1b') +
    path('M176 214C190 228 210 228 224 214', 'none', { stroke: '#3b1d12', 'stroke-width': 5, 'stroke-linecap': 'round' })
  );
}

export const avatarSvg = (look: Look) => svgDocument(400, 400, '0 0 400 400', portrait(look));

/** Grey bars standing in for printed text on a card. */
const textLines = (x: number, y: number, widths: number[]) =>
  widths.map((w, i) => rect(x, y + i * 30, w, 12, '#5b5b5b', { rx: 6, opacity: 0.45 })).join('');

/** An identity document: coloured header band, photo, printed lines. */
function card(look: Look, band: string[], accent: string) {
  const height = 70 / band.length;
  const stripes = band
    .map((color, i) =>
      i === 0
        ? path(`M0 ${height}V28A28 28 0 0 1 28 0H612A28 28 0 0 1 640 28V${height}Z`, color)
        : rect(0, i * height, 640, height, color),
    )
    .join('');
  return (
    rect(0, 0, 640, 400, '#f4efe4', { rx: 28 }) +
    stripes +
    `<svg x="40" y="104" width="170" height="210" viewBox="60 40 280 360">${portrait(look)}</svg>` +
    rect(40, 104, 170, 210, 'none', { stroke: '#8a8a8a', 'stroke-width': 3 }) +
    textLines(240, 120, [300, 220, 260, 180, 240]) +
    circle(560, 330, 38, accent, { opacity: 0.35 }) +
    circle(560, 330, 24, 'none', { stroke: accent, 'stroke-width': 5 })
  );
}

export const nationalIdSvg = (look: Look) =>
  svgDocument(640, 400, '0 0 640 400', card(look, ['#ce1126', '#fcd116', '#006b3f'], '#1d1d1b'));
export const licenceSvg = (look: Look) => svgDocument(640, 400, '0 0 640 400', card(look, ['#1d4e89', '#3b82c4'], '#1d4e89'));

/** A delivery motorbike from the side, with its orange food box. */
export function motorbikeSvg() {
  const wheel = (cx: number) => circle(cx, 300, 62, '#1d1d1b') + circle(cx, 300, 38, '#9aa0a6') + circle(cx, 300, 12, '#1d1d1b');
  const body =
    rect(0, 0, 640, 400, '#cfe8ef') +
    rect(0, 330, 640, 70, '#8d99ae') +
    wheel(160) +
    wheel(480) +
    path('M160 300L250 210L400 210L480 300', 'none', { stroke: '#30343b', 'stroke-width': 14, 'stroke-linejoin': 'round' }) +
    path('M240 200C270 170 380 170 420 196L410 226L250 226Z', '#c1272d') +
    rect(250, 172, 120, 22, '#1d1d1b', { rx: 10 }) +
    path('M420 196L470 120', 'none', { stroke: '#30343b', 'stroke-width': 10, 'stroke-linecap': 'round' }) +
    path('M450 118L500 110', 'none', { stroke: '#1d1d1b', 'stroke-width': 10, 'stroke-linecap': 'round' }) +
    circle(500, 150, 16, '#fcd116') +
    rect(270, 226, 90, 50, '#4a4e57', { rx: 10 }) +
    path('M110 206L250 206', 'none', { stroke: '#30343b', 'stroke-width': 8, 'stroke-linecap': 'round' }) +
    rect(110, 96, 140, 106, '#f08a24', { rx: 12 }) +
    rect(110, 96, 140, 24, '#d9731a', { rx: 12 }) +
    rect(136, 142, 88, 10, '#ffffff', { rx: 5, opacity: 0.6 });
  return svgDocument(640, 400, '0 0 640 400', body);
}
