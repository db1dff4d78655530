import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

/**
 * Images for ID check tests and the benchmark: faces cut from the sample photos that ship with
 * @vladmandic/face-api (group photos), and national ID cards drawn from SVG with a name and one
 * of those faces on them.
 */

const require = createRequire(import.meta.url);
const SAMPLES = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

/** Where a face sits in a sample photo, as face-api's detector boxed it. */
interface FaceBox {
  sample: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Two different people: distances between them are about 0.77; each against herself re-encoded about 0.1. */
const FACES = {
  driver: { sample: 6, left: 1180, top: 305, width: 188, height: 280 },
  someoneElse: { sample: 3, left: 585, top: 329, width: 199, height: 271 },
} satisfies Record<string, FaceBox>;
export type FaceName = keyof typeof FACES;

/** A square portrait of `face` (the face and some hair and shoulders) as a JPEG, `side` pixels wide. */
export async function facePhoto(face: FaceName, side = 480, quality = 90): Promise<Buffer> {
  const box = FACES[face];
  const file = path.join(SAMPLES, `sample${box.sample}.jpg`);
  const { width = 0, height = 0 } = await sharp(file).metadata();
  const crop = Math.round(Math.max(box.width, box.height) * 1.6);
  const left = Math.max(0, Math.round(box.left + box.width / 2 - crop / 2));
  const top = Math.max(0, Math.round(box.top + box.height / 2 - crop / 2));
  return sharp(file)
    .extract({ left, top, width: Math.min(crop, width - left), height: Math.min(crop, height - top) })
    .resize(side, side)
    .jpeg({ quality })
    .toBuffer();
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A plain white national ID card, 1000 x 630, with big dark sans-serif text ('NATIONAL ID',
 * 'Name: <name>', a number) and `face`'s photo on the left, as a PNG. `name: null` leaves the
 * Name line out; `face: null` leaves a grey box where the photo goes.
 */
export async function idCard(options: { name: string | null; face: FaceName | null }): Promise<Buffer> {
  const text = (y: number, size: number, content: string, weight = 'normal') =>
    `<text x="360" y="${y}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="${size}" font-weight="${weight}" fill="#111">${escapeXml(content)}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="630">
    <rect width="1000" height="630" fill="#ffffff"/>
    <rect x="40" y="170" width="280" height="280" fill="#d0d0d0"/>
    ${text(110, 56, 'NATIONAL ID', 'bold')}
    ${options.name === null ? '' : text(250, 44, `Name: ${options.name}`)}
    ${text(330, 44, 'ID No: GHA-723014958-3')}
  </svg>`;
  const photo = options.face === null ? [] : [{ input: await facePhoto(options.face, 280), left: 40, top: 170 }];
  return sharp(Buffer.from(svg)).composite(photo).flatten({ background: '#ffffff' }).png().toBuffer();
}

/**
 * Fails with a clear message when SVG text renders as nothing (a machine without fonts), since
 * every OCR test would then fail for a reason that has nothing to do with the code.
 */
export async function assertFontsRender(): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="60"><rect width="200" height="60" fill="#fff"/>
    <text x="10" y="45" font-family="sans-serif" font-size="40" fill="#000">ID</text></svg>`;
  const { data } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  if (!data.some((value) => value < 128)) {
    throw new Error(
      'SVG text renders blank on this machine: install a font (apt-get install fonts-dejavu-core) for the ID check tests',
    );
  }
}
