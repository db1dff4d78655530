import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Bucket } from '@shared/storage/buckets.js';

/** Where a stored file lives: its bucket, the bucket's sub-folder if any ({folder}/{random}.webp), its name. */
export interface FileLocation {
  bucket: Bucket;
  folder: string | null;
  fileName: string;
}

const SIGNED_URL_TTL_SECONDS = 60 * 60;

const signature = (secret: string, path: string, expires: number) =>
  createHmac('sha256', secret).update(`${path}:${expires}`).digest('base64url');

/**
 * An <img> cannot send a bearer token, so a private file is shown through a link that the API
 * signs for a viewer it has already authorized; the link stops working after an hour.
 */
export function signFileUrl(secret: string, url: string, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + SIGNED_URL_TTL_SECONDS;
  return `${url}?expires=${expires}&sig=${signature(secret, url, expires)}`;
}

export function verifyFileSignature(secret: string, path: string, expires: number, sig: string, now = Date.now()) {
  if (!Number.isInteger(expires) || expires < Math.floor(now / 1000)) return false;
  const expected = Buffer.from(signature(secret, path, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
