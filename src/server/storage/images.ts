import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, type Bucket } from '@shared/storage/buckets.js';
import { AppError, badRequest } from '../http/errors.js';

const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);
const MAX_SIDE = 1600;

export interface PreparedImage {
  bucket: Bucket;
  fileName: string;
  contentType: 'image/webp';
  data: Buffer;
}

/**
 * Checks an upload by its bytes, not its name, and re-encodes it: the result carries no EXIF
 * or GPS data and has a name the server chose.
 */
export async function prepareImage(bucket: Bucket, input: Buffer): Promise<PreparedImage> {
  if (input.length > MAX_UPLOAD_BYTES) throw new AppError(413, 'payload_too_large', UPLOAD_MESSAGES.tooLarge);
  const type = await fileTypeFromBuffer(input);
  if (!type || !ACCEPTED.has(type.mime)) throw new AppError(415, 'unsupported_media_type', UPLOAD_MESSAGES.notAnImage);
  let data: Buffer;
  try {
    data = await sharp(input, { failOn: 'error' })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw badRequest(UPLOAD_MESSAGES.notAnImage);
  }
  return { bucket, fileName: `${randomUUID()}.webp`, contentType: 'image/webp', data };
}
