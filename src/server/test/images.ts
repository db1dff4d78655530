import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { App } from '../app.js';

/** A real PNG of the given size, for upload tests. */
export function pngImage(width = 64, height = 64, color = '#e4572e'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A JPEG that carries EXIF data (camera make and GPS-like fields), to prove they are stripped. */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 32, channels: 3, background: '#3a86ff' } })
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Leaky 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '5/1 36/1 0/1' } })
    .jpeg()
    .toBuffer();
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid black-and-white PNG of `side` x `side` pixels written by hand: all zero rows
 * compress to almost nothing, so 16000 x 16000 takes some 31 KB (a decompression bomb).
 */
export function hugeBlankPng(side: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Builds a multipart/form-data body for app.inject. */
export function multipart(
  fields: Record<string, string | number | undefined>,
  files: Record<string, { data: Buffer; filename: string; contentType?: string } | undefined> = {},
) {
  const boundary = `----chopchop${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    if (!file) continue;
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a small PNG into `bucket` as the user (POST /api/storage/:bucket), as a browser's form does. */
export async function uploadPicture(app: App, bucket: string, user: { authHeader: { authorization: string } }) {
  const form = multipart({}, { file: { data: await pngImage(), filename: 'picture.png', contentType: 'image/png' } });
  return app.inject({
    method: 'POST',
    url: `/api/storage/${bucket}`,
    payload: form.payload,
    headers: { ...form.headers, ...user.authHeader },
  });
}
