/**
 * Generates the client's static assets from code, so nothing is downloaded or hand-drawn:
 * the nine /customer carousel slides (each also at phone width), the favicon and install icons,
 * and the dashboards' notification chime.
 * Run with `npx tsx scripts/generate-images.ts`; the outputs are committed.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { DishKey } from '../src/server/db/seed/art/dishes.js';
import { svgToWebp } from '../src/server/db/seed/art/render.js';
import { spreadSvg, type Spread } from '../src/server/db/seed/art/scenes.js';
import type { Pattern } from '../src/server/db/seed/art/tableware.js';

const PUBLIC_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/client/public');
const SLIDE_WIDTH = 1200;
const SLIDE_HEIGHT = 500;
/** Sharp on a 360 px phone at twice its pixel density; the carousel's srcset offers it (carouselSlides.ts). */
const PHONE_SLIDE_WIDTH = 720;
const MAX_SLIDE_BYTES = 60 * 1024;

/** The star of each slide sits in the middle, larger and on top of its two companions. */
function slide(cloth: string, pattern: Pattern, [left, star, right]: [DishKey, DishKey, DishKey]): Spread {
  return {
    cloth,
    pattern,
    dishes: [
      { key: left, x: 235, y: 235, scale: 1.2 },
      { key: right, x: 965, y: 235, scale: 1.2 },
      { key: star, x: 600, y: 238, scale: 1.42 },
    ],
    accents: [
      [60, 60],
      [1120, 400],
      [440, 440],
    ],
  };
}

const SLIDES: Spread[] = [
  slide('#f4a261', 'dots', ['kelewele', 'jollof-chicken', 'sobolo']),
  slide('#2a9d8f', 'waves', ['red-red', 'waakye-special', 'asaana']),
  slide('#264653', 'checks', ['fufu-light-soup', 'banku-tilapia', 'malt']),
  slide('#e9c46a', 'stripes', ['kenkey-tilapia', 'kenkey-fish', 'pineapple-ginger']),
  slide('#3d5a80', 'dots', ['grilled-corn', 'chichinga-beef', 'coconut-water']),
  slide('#bc6c25', 'checks', ['banku-okro', 'fufu-groundnut-soup', 'tiger-nut']),
  slide('#8ecae6', 'stripes', ['chicken-wings', 'fried-rice-chicken', 'meat-pie']),
  slide('#ffafcc', 'dots', ['ice-cream', 'bofrot', 'fruit-salad']),
  slide('#606c38', 'waves', ['yam-chips-shito', 'tilapia-yam-chips', 'sobolo']),
];

/** The logo's drawing on a 64 x 64 grid, without its rounded tile. */
const LOGO_ART = `<path d="M24 10c-4 5 4 7 0 12M32 8c-4 5 4 7 0 12M40 10c-4 5 4 7 0 12" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity=".85"/>
  <path d="M8 30h48c0 13-10 22-24 22S8 43 8 30z" fill="#fff"/>
  <path d="M14 30c4-6 10-8 18-8s14 2 18 8z" fill="#f6ae2d"/>
  <circle cx="24" cy="27" r="2" fill="#c1272d"/><circle cx="36" cy="25" r="2" fill="#1f7a3e"/><circle cx="42" cy="28" r="1.8" fill="#c1272d"/>
  <rect x="22" y="52" width="20" height="4" rx="2" fill="#fff"/>`;
const LOGO_COLOUR = '#e4572e';

const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="14" fill="${LOGO_COLOUR}"/>
  ${LOGO_ART}
</svg>
`;

/**
 * The install icon launchers crop to a circle or squircle: the tile fills the square and the
 * drawing shrinks into the central safe zone (a circle of 80% of the width).
 */
const MASKABLE_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="${LOGO_COLOUR}"/>
  <g transform="translate(12.8 12.8) scale(0.6)">${LOGO_ART}</g>
</svg>
`;

const png = (svg: string, size: number) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png()
    .toBuffer();

/**
 * A soft two-note chime (G5 then C6): each note a sine with a touch of overtone, a quick
 * attack and an exponential fade, as 16-bit mono PCM in a WAV container.
 */
function chimeWav(sampleRate = 22_050): Buffer {
  const notes = [
    { frequency: 783.99, start: 0 },
    { frequency: 1046.5, start: 0.16 },
  ];
  const duration = 0.75;
  const wave = Array.from({ length: Math.round(duration * sampleRate) }, (_, i) => {
    const t = i / sampleRate;
    let value = 0;
    for (const { frequency, start } of notes) {
      const local = t - start;
      if (local < 0) continue;
      const envelope = Math.min(1, local / 0.005) * Math.exp(-local / 0.17);
      const phase = 2 * Math.PI * frequency * local;
      value += envelope * (Math.sin(phase) + 0.2 * Math.sin(2 * phase) + 0.05 * Math.sin(3 * phase));
    }
    return value * Math.min(1, (duration - t) / 0.02);
  });
  const peak = Math.max(...wave.map(Math.abs));
  const pcm = Buffer.alloc(wave.length * 2);
  wave.forEach((value, i) => pcm.writeInt16LE(Math.round((value / peak) * 0.6 * 32767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

function write(relative: string, data: Buffer | string) {
  const file = path.join(PUBLIC_DIR, relative);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, data);
  process.stdout.write(`${relative.padEnd(28)} ${Buffer.byteLength(data)} bytes\n`);
}

for (const [index, spread] of SLIDES.entries()) {
  const svg = spreadSvg(spread, SLIDE_WIDTH, SLIDE_HEIGHT);
  const webp = await svgToWebp(svg);
  if (webp.length > MAX_SLIDE_BYTES)
    throw new Error(`carousel slide ${index + 1} is ${webp.length} bytes, over ${MAX_SLIDE_BYTES}`);
  write(`carousel/${index + 1}.webp`, webp);
  const phoneWebp = await sharp(Buffer.from(svg)).resize(PHONE_SLIDE_WIDTH).webp({ quality: 78, effort: 6 }).toBuffer();
  write(`carousel/${index + 1}-${PHONE_SLIDE_WIDTH}.webp`, phoneWebp);
}
write('favicon.svg', FAVICON);
write('icons/icon-192.png', await png(FAVICON, 192));
write('icons/icon-512.png', await png(FAVICON, 512));
write('icons/icon-maskable-512.png', await png(MASKABLE_ICON, 512));
write('sounds/notify.wav', chimeWav());
