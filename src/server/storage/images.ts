import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, type Bucket } from '@shared/storage/buckets.js';
import { MAX_IMAGE_SIDE, type ImageWidth } from '@shared/storage/widths.js';
import { AppError, badRequest } from '../http/errors.js';

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
const WEBP_QUALITY = 82;
/** Larger than any phone photo; decoding more would cost seconds of CPU per upload. */
const MAX_INPUT_PIXELS = 50_000_000;
export const TOO_MANY_PIXELS_MESSAGE = 'Images must be at most 50 megapixels';

/**
 * Reads the dimensions from the image header only: a small file can announce a picture that
 * takes gigabytes and seconds to decode, so it is refused before anything is decoded.
 */
async function checkDimensions(input: Buffer): Promise<void> {
  let width: number | undefined;
  let height: number | undefined;
  try {
    // The header alone, with no pixel limit: sharp's own (268 megapixels) would answer a header
    // claiming more than that as no image at all, not as one too large.
    ({ width, height } = await sharp(input, { limitInputPixels: false }).metadata());
  } catch {
    throw badRequest(UPLOAD_MESSAGES.notAnImage);
  }
  if (!width || !height) throw badRequest(UPLOAD_MESSAGES.notAnImage);
  if (width * height > MAX_INPUT_PIXELS) throw new AppError(413, 'payload_too_large', TOO_MANY_PIXELS_MESSAGE);
}

export interface PreparedImage {
  bucket: Bucket;
  /** A sub-folder of the bucket (a restaurant's id for its food pictures), or null. */
  folder: string | null;
  fileName: string;
  contentType: 'image/webp';
  data: Buffer;
}

/**
 * Checks an upload by its bytes, not its name, and re-encodes it: the result carries no EXIF
 * or GPS data and has a name the server chose.
 */
export async function prepareImage(bucket: Bucket, input: Buffer, folder: string | null = null): Promise<PreparedImage> {
  if (input.length > MAX_UPLOAD_BYTES) throw new AppError(413, 'payload_too_large', UPLOAD_MESSAGES.tooLarge);
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime)) throw new AppError(415, 'unsupported_media_type', UPLOAD_MESSAGES.notAnImage);
  await checkDimensions(input);
  let data: Buffer;
  try {
    data = await sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch {
    throw badRequest(UPLOAD_MESSAGES.notAnImage);
  }
  return { bucket, folder, fileName: `${randomUUID()}.webp`, contentType: 'image/webp', data };
}

/** A stored picture scaled down to `width`; one no wider is kept as it is rather than encoded again. */
export async function scaleDown(stored: Buffer, width: ImageWidth): Promise<Buffer> {
  const { width: storedWidth } = await sharp(stored).metadata();
  if (storedWidth <= width) return stored;
  return sharp(stored, { limitInputPixels: MAX_INPUT_PIXELS }).resize({ width }).webp({ quality: WEBP_QUALITY }).toBuffer();
}
