import type { Random } from '../random.js';
import {
  ball,
  beans,
  boiledEgg,
  chili,
  cornCob,
  drumstick,
  fish,
  kenkeyBall,
  leaves,
  meatPie,
  noodles,
  onionRings,
  pieces,
  pineappleWedge,
  plantainSlices,
  puffs,
  rice,
  sauceDollop,
  scoop,
  skewer,
  soup,
  sprinkle,
  stew,
  tomatoSlice,
} from './food.js';
import { bowl, CENTER, glass, leafLining, plate, type Pattern } from './tableware.js';
import { circle, ellipse, path } from './svg.js';

export interface Dish {
  cloth: string;
  pattern: Pattern;
  draw: (random: Random) => string;
}

const JOLLOF = { base: '#d2491c', grain: '#f28b3c', bits: ['#a8321d', '#7bb661'] };
const WAAKYE = { base: '#5b2f2a', grain: '#8a5a4f', bits: ['#3b1d1a'] };
const FRIED_RICE = { base: '#e9c46a', grain: '#f7e3a3', bits: ['#e76f51', '#6a994e', '#f4a261'] };
const SHITO = '#3a1a0f';
const PEPPER = '#c1272d';
const BEEF = ['#7a3419', '#8c3f1f', '#6b2d15'];

const garnish = (random: Random, x: number, y: number) =>
  leaves(random, { cx: x, cy: y, count: 3, size: 18 }) +
  tomatoSlice({ cx: x + 20, cy: y + 16, r: 12 }) +
  onionRings(random, { cx: x - 6, cy: y + 26, count: 2 });

const riceWith =
  (grains: typeof JOLLOF, protein: (random: Random) => string): Dish['draw'] =>
  (random) =>
    plate() + rice(random, { cx: 168, cy: 160, rx: 72, ry: 64, ...grains }) + protein(random) + garnish(random, 232, 82);

/** Two skewers across a plate (upper and lower, meat and vegetables in turn), dusted with spice. */
const chichinga =
  (upper: string[], lower: string[], spice: { color: string; size: number }): Dish['draw'] =>
  (random) =>
    plate() +
    skewer({ x1: 96, y1: 100, x2: 300, y2: 170, colors: upper }) +
    skewer({ x1: 104, y1: 150, x2: 308, y2: 220, colors: lower }) +
    sprinkle(random, { ...CENTER, rx: 100, ry: 80, count: 40, ...spice });

const kenkeyWith =
  (protein: (random: Random) => string): Dish['draw'] =>
  (random) =>
    plate() +
    leafLining(random) +
    kenkeyBall({ cx: 150, cy: 150, r: 44 }) +
    protein(random) +
    sauceDollop(random, { cx: 240, cy: 220, r: 18, color: SHITO }) +
    sauceDollop(random, { cx: 200, cy: 232, r: 15, color: PEPPER }) +
    onionRings(random, { cx: 270, cy: 205, count: 2 });

const soupWith =
  (color: string, chunks: string[], oil?: string): Dish['draw'] =>
  (random) =>
    bowl(CENTER, 124, '#7a3b1e', '#5e2c15') +
    soup(random, { ...CENTER, r: 100, color, oil, chunks }) +
    ball({ cx: 176, cy: 142, r: 46, color: '#f3ead2' });

export const DISHES = {
  'jollof-chicken': {
    cloth: '#f3d9b1',
    pattern: 'checks',
    draw: riceWith(JOLLOF, () => drumstick({ cx: 268, cy: 178, angle: -35, scale: 1.05 })),
  },
  'jollof-beef': {
    cloth: '#2f6d5f',
    pattern: 'dots',
    draw: riceWith(
      JOLLOF,
      (random) =>
        stew(random, { cx: 262, cy: 180, rx: 40, ry: 34, color: '#a33a1c' }) +
        pieces(random, { cx: 262, cy: 180, rx: 26, ry: 20, count: 6, width: 18, height: 15, colors: BEEF }),
    ),
  },
  'fried-rice-chicken': {
    cloth: '#9bc1bc',
    pattern: 'stripes',
    draw: riceWith(FRIED_RICE, () => drumstick({ cx: 270, cy: 176, angle: -25, color: '#a8521e' })),
  },
  kelewele: {
    cloth: '#e76f51',
    pattern: 'dots',
    draw: (random) =>
      plate() +
      pieces(random, {
        ...CENTER,
        rx: 70,
        ry: 62,
        count: 34,
        width: 20,
        height: 17,
        colors: ['#e07b1f', '#c9611a', '#eb9a2e'],
        edge: '#8a3b0c',
      }) +
      sprinkle(random, { ...CENTER, rx: 70, ry: 60, count: 50, color: '#7a2e0e', size: 1.4 }) +
      sprinkle(random, { cx: 250, cy: 110, rx: 20, ry: 16, count: 14, color: '#c58b4a', size: 5 }),
  },
  coleslaw: {
    cloth: '#d8e2dc',
    pattern: 'checks',
    draw: (random) =>
      bowl(CENTER, 118, '#ffffff', '#f4f1e8') +
      noodles(random, { ...CENTER, rx: 80, ry: 76, color: '#f6f0d4' }) +
      noodles(random, { ...CENTER, rx: 76, ry: 70, color: '#b7d77a' }) +
      noodles(random, { ...CENTER, rx: 70, ry: 64, color: '#f08a3e' }) +
      noodles(random, { ...CENTER, rx: 60, ry: 56, color: '#9b5de5' }),
  },
  'chicken-wings': {
    cloth: '#264653',
    pattern: 'waves',
    draw: (random) =>
      plate() +
      drumstick({ cx: 160, cy: 120, angle: 20, scale: 0.8, color: '#b5451b' }) +
      drumstick({ cx: 240, cy: 130, angle: 160, scale: 0.8, color: '#b5451b' }) +
      drumstick({ cx: 170, cy: 196, angle: -20, scale: 0.8, color: '#a83e17' }) +
      drumstick({ cx: 246, cy: 196, angle: 200, scale: 0.8, color: '#b5451b' }) +
      sprinkle(random, { ...CENTER, rx: 80, ry: 70, count: 24, color: '#f6e7c1', size: 1.6 }) +
      leaves(random, { cx: 205, cy: 158, count: 3, size: 14 }),
  },
  'meat-pie': {
    cloth: '#f4a261',
    pattern: 'stripes',
    draw: (random) =>
      plate() +
      meatPie({ cx: 170, cy: 130, scale: 1, angle: -10 }) +
      meatPie({ cx: 236, cy: 186, scale: 1, angle: 170 }) +
      leaves(random, { cx: 262, cy: 110, count: 3, size: 14 }),
  },
  bofrot: {
    cloth: '#8ecae6',
    pattern: 'dots',
    draw: (random) => plate(CENTER, 128, '#ffffff', '#eef3f6') + puffs(random, { ...CENTER, rx: 58, ry: 52, count: 9, r: 24 }),
  },
  'chin-chin': {
    cloth: '#ffb4a2',
    pattern: 'checks',
    draw: (random) =>
      bowl(CENTER, 118, '#f4f1e8', '#fbf8f0') +
      pieces(random, { ...CENTER, rx: 74, ry: 70, count: 90, width: 12, height: 10, colors: ['#d99138', '#c47a27', '#e6a64d'] }),
  },
  sobolo: {
    cloth: '#ffd6a5',
    pattern: 'waves',
    draw: (random) =>
      glass({ drink: '#7b1030', straw: '#2a9d8f', garnish: leaves(random, { cx: 150, cy: 58, count: 2, size: 16 }) }),
  },
  'pineapple-ginger': {
    cloth: '#bde0fe',
    pattern: 'dots',
    draw: () =>
      glass({ drink: '#f6c445', straw: '#e63946', garnish: pineappleWedge({ cx: 160, cy: 44, scale: 0.9, angle: -20 }) }),
  },
  asaana: {
    cloth: '#cdb4db',
    pattern: 'stripes',
    draw: () => glass({ drink: '#a0622d', foam: '#e9c9a0', straw: '#f4a261' }),
  },
  'tiger-nut': {
    cloth: '#a7c957',
    pattern: 'dots',
    draw: () => glass({ drink: '#eadfca', ice: false, straw: '#6a4c93' }),
  },
  'coconut-water': {
    cloth: '#ffcad4',
    pattern: 'waves',
    draw: (random) =>
      ellipse(208, 168, 112, 104, '#000000', { opacity: 0.18 }) +
      circle(200, 156, 110, '#5f9e3a') +
      circle(200, 156, 92, '#7fb84a') +
      circle(200, 156, 62, '#f8f4e6') +
      circle(200, 156, 46, '#e9f1ec') +
      path('M226 140L292 40', 'none', { stroke: '#ef476f', 'stroke-width': 9, 'stroke-linecap': 'round' }) +
      leaves(random, { cx: 120, cy: 80, count: 2, size: 20 }),
  },
  malt: {
    cloth: '#e9edc9',
    pattern: 'checks',
    draw: () => glass({ drink: '#3b1f12', foam: '#c9a27a', ice: false, straw: '#f2c230' }),
  },
  'waakye-special': {
    cloth: '#f2cc8f',
    pattern: 'dots',
    draw: (random) =>
      plate() +
      leafLining(random) +
      rice(random, { cx: 160, cy: 150, rx: 62, ry: 56, ...WAAKYE }) +
      noodles(random, { cx: 240, cy: 110, rx: 36, ry: 28, color: '#f0b45a' }) +
      sprinkle(random, { cx: 252, cy: 182, rx: 24, ry: 18, count: 120, color: '#f1e3b3', size: 1.8 }) +
      boiledEgg({ cx: 205, cy: 212, r: 20 }) +
      sauceDollop(random, { cx: 150, cy: 92, r: 16, color: SHITO }) +
      fish({ cx: 116, cy: 205, length: 70, angle: -15, body: '#b0712d', belly: '#d9a05b' }),
  },
  'waakye-beef': {
    cloth: '#81b29a',
    pattern: 'waves',
    draw: (random) =>
      plate() +
      leafLining(random) +
      rice(random, { cx: 168, cy: 158, rx: 68, ry: 60, ...WAAKYE }) +
      stew(random, { cx: 258, cy: 150, rx: 40, ry: 44, color: '#b23a1b' }) +
      pieces(random, { cx: 258, cy: 150, rx: 24, ry: 28, count: 6, width: 18, height: 15, colors: BEEF }) +
      sauceDollop(random, { cx: 200, cy: 84, r: 14, color: SHITO }),
  },
  'red-red': {
    cloth: '#3d405b',
    pattern: 'dots',
    draw: (random) =>
      plate() +
      stew(random, { cx: 168, cy: 156, rx: 70, ry: 62, color: '#c4451c', oil: '#f7b32b' }) +
      beans(random, { cx: 168, cy: 156, rx: 58, ry: 50, count: 70, color: '#8c2f1b' }) +
      plantainSlices(random, { cx: 258, cy: 156, rx: 26, ry: 46, count: 7 }) +
      sprinkle(random, { cx: 168, cy: 156, rx: 50, ry: 44, count: 40, color: '#f1e3b3', size: 1.6 }),
  },
  'gari-foto': {
    cloth: '#e07a5f',
    pattern: 'checks',
    draw: (random) =>
      plate() +
      rice(random, { cx: 180, cy: 156, rx: 76, ry: 66, base: '#e7b65a', grain: '#f6d98b', bits: ['#d1495b', '#8ab17d'] }) +
      boiledEgg({ cx: 250, cy: 118, r: 20 }) +
      fish({ cx: 230, cy: 212, length: 80, angle: 10, body: '#a8652a', belly: '#d39a57' }),
  },
  'boiled-eggs': {
    cloth: '#a8dadc',
    pattern: 'stripes',
    draw: (random) =>
      plate() +
      boiledEgg({ cx: 170, cy: 130, r: 26 }) +
      boiledEgg({ cx: 232, cy: 136, r: 26 }) +
      boiledEgg({ cx: 200, cy: 192, r: 26 }) +
      sprinkle(random, { ...CENTER, rx: 70, ry: 60, count: 20, color: '#d62828', size: 1.6 }),
  },
  'fried-plantain': {
    cloth: '#457b9d',
    pattern: 'dots',
    draw: (random) => plate() + plantainSlices(random, { ...CENTER, rx: 66, ry: 58, count: 16 }),
  },
  'roasted-plantain-groundnuts': {
    cloth: '#ddbea9',
    pattern: 'waves',
    draw: (random) =>
      plate() +
      path('M110 120C160 96 250 100 292 130L286 150C240 124 168 122 114 142Z', '#1e1208', { opacity: 0.2 }) +
      path('M106 128C160 100 250 104 296 136C252 166 160 168 106 128Z', '#e4a23a') +
      path('M120 130L140 118M160 136L182 116M206 138L226 118M250 140L268 124', 'none', {
        stroke: '#5a2e0c',
        'stroke-width': 5,
        'stroke-linecap': 'round',
        opacity: 0.7,
      }) +
      sprinkle(random, { cx: 200, cy: 212, rx: 60, ry: 26, count: 30, color: '#c08552', size: 6 }) +
      sprinkle(random, { cx: 200, cy: 212, rx: 56, ry: 22, count: 14, color: '#8d5a2f', size: 3 }),
  },
  'fufu-light-soup': {
    cloth: '#f6bd60',
    pattern: 'stripes',
    draw: soupWith('#d9501f', ['#6b2d15', '#7a3419', '#f1e6d0']),
  },
  'fufu-groundnut-soup': {
    cloth: '#84a59d',
    pattern: 'checks',
    draw: soupWith('#b5652e', ['#a8521e', '#b5602b', '#8c3f1f'], '#e08a3a'),
  },
  'banku-tilapia': {
    cloth: '#2a9d8f',
    pattern: 'waves',
    draw: (random) =>
      plate(CENTER, 132) +
      fish({ cx: 206, cy: 128, length: 190, angle: -8, grilled: true }) +
      ball({ cx: 138, cy: 210, r: 34, color: '#efe6cf' }) +
      ball({ cx: 204, cy: 222, r: 30, color: '#efe6cf' }) +
      sauceDollop(random, { cx: 268, cy: 206, r: 24, color: PEPPER }) +
      onionRings(random, { cx: 268, cy: 204, count: 3 }),
  },
  'banku-okro': {
    cloth: '#cb997e',
    pattern: 'dots',
    draw: (random) =>
      bowl(CENTER, 124, '#3d405b', '#2b2d42') +
      soup(random, { ...CENTER, r: 100, color: '#6a8d2f', oil: '#d98a2b', chunks: ['#7a3419', '#6b2d15'] }) +
      sprinkle(random, { ...CENTER, rx: 90, ry: 90, count: 50, color: '#b8d86b', size: 3 }) +
      ball({ cx: 180, cy: 146, r: 44, color: '#efe6cf' }),
  },
  'kontomire-yam': {
    cloth: '#f7ede2',
    pattern: 'checks',
    draw: (random) =>
      plate() +
      stew(random, { cx: 240, cy: 150, rx: 56, ry: 64, color: '#3f6b25', oil: '#e07b1f' }) +
      sprinkle(random, { cx: 240, cy: 150, rx: 44, ry: 52, count: 40, color: '#f1b24a', size: 2 }) +
      pieces(random, { cx: 150, cy: 150, rx: 30, ry: 50, count: 5, width: 54, height: 30, colors: ['#f3e4c0', '#efdcae'] }) +
      boiledEgg({ cx: 246, cy: 150, r: 18 }),
  },
  'extra-banku': {
    cloth: '#b5838d',
    pattern: 'waves',
    draw: (random) =>
      plate() +
      ball({ cx: 175, cy: 145, r: 46, color: '#efe6cf' }) +
      ball({ cx: 238, cy: 176, r: 40, color: '#e9dfc4' }) +
      sauceDollop(random, { cx: 150, cy: 214, r: 14, color: PEPPER }),
  },
  'fruit-salad': {
    cloth: '#ffe8d6',
    pattern: 'dots',
    draw: (random) =>
      bowl(CENTER, 118, '#ffffff', '#f7f3ea') +
      pieces(random, {
        ...CENTER,
        rx: 72,
        ry: 68,
        count: 34,
        width: 22,
        height: 20,
        colors: ['#f9d649', '#f28c28', '#f6bd60', '#90be6d', '#e63946'],
      }) +
      leaves(random, { cx: 214, cy: 132, count: 2, size: 16, color: '#3a9d4a' }),
  },
  'ice-cream': {
    cloth: '#ffafcc',
    pattern: 'checks',
    draw: (random) =>
      bowl(CENTER, 112, '#ffffff', '#f5efe6') +
      scoop(random, { cx: 170, cy: 132, r: 44, color: '#fdf6e3', fleck: '#2d1e12' }) +
      scoop(random, { cx: 236, cy: 148, r: 40, color: '#6f4518' }) +
      scoop(random, { cx: 190, cy: 196, r: 38, color: '#fbf1c7', fleck: '#c9a227' }) +
      circle(238, 118, 9, '#d62828'),
  },
  'chichinga-beef': {
    cloth: '#3d5a80',
    pattern: 'stripes',
    draw: chichinga(
      ['#7a3419', '#f4a261', '#6b2d15', '#2a9d48', '#7a3419'],
      ['#6b2d15', '#d62828', '#7a3419', '#f4a261', '#6b2d15'],
      { color: '#c96a1b', size: 1.8 },
    ),
  },
  'chichinga-chicken': {
    cloth: '#ee9b00',
    pattern: 'dots',
    draw: chichinga(
      ['#d58a2b', '#2a9d48', '#c77a22', '#d62828', '#d58a2b'],
      ['#c77a22', '#f4f1de', '#d58a2b', '#2a9d48', '#c77a22'],
      { color: '#8a3b0c', size: 1.6 },
    ),
  },
  'tilapia-yam-chips': {
    cloth: '#94d2bd',
    pattern: 'checks',
    draw: (random) =>
      plate(CENTER, 132) +
      fish({ cx: 196, cy: 120, length: 180, angle: 6, grilled: true, body: '#7d7a6e' }) +
      pieces(random, {
        cx: 220,
        cy: 214,
        rx: 60,
        ry: 20,
        count: 12,
        width: 44,
        height: 12,
        colors: ['#f2c66d', '#e9b24f', '#f6d58b'],
      }) +
      sauceDollop(random, { cx: 120, cy: 212, r: 18, color: SHITO }),
  },
  'yam-chips-shito': {
    cloth: '#ca6702',
    pattern: 'waves',
    draw: (random) =>
      plate() +
      pieces(random, {
        cx: 180,
        cy: 156,
        rx: 62,
        ry: 58,
        count: 26,
        width: 52,
        height: 13,
        colors: ['#f2c66d', '#e9b24f', '#f6d58b'],
        edge: '#c98a2a',
      }) +
      sauceDollop(random, { cx: 262, cy: 196, r: 24, color: SHITO }),
  },
  'grilled-corn': {
    cloth: '#606c38',
    pattern: 'stripes',
    draw: () => plate() + cornCob({ cx: 190, cy: 120, angle: -12 }) + cornCob({ cx: 200, cy: 196, angle: 8, scale: 0.95 }),
  },
  'kenkey-fish': {
    cloth: '#fefae0',
    pattern: 'checks',
    draw: kenkeyWith(
      () =>
        fish({ cx: 246, cy: 118, length: 90, angle: -25, body: '#b0712d', belly: '#d9a05b' }) +
        fish({ cx: 262, cy: 152, length: 84, angle: -10, body: '#a8652a', belly: '#d39a57' }),
    ),
  },
  'kenkey-tilapia': {
    cloth: '#0a9396',
    pattern: 'dots',
    draw: kenkeyWith(() => fish({ cx: 250, cy: 132, length: 120, angle: -30, grilled: true })),
  },
  'kenkey-chicken': {
    cloth: '#e9d8a6',
    pattern: 'stripes',
    draw: kenkeyWith(() => drumstick({ cx: 256, cy: 130, angle: -40, scale: 0.95 })),
  },
} satisfies Record<string, Dish>;

export type DishKey = keyof typeof DISHES;

/** Scattered around slides and banners: whole chilies and leaves. */
export const scatter = (random: Random, x: number, y: number) =>
  chili({ cx: x, cy: y, angle: random() * 360, scale: 1.2 }) + leaves(random, { cx: x + 40, cy: y + 30, count: 2, size: 22 });
