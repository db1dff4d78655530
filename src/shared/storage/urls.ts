import type { Bucket } from './buckets.js';
import type { ImageWidth } from './widths.js';

/** The address of a stored file: /api/files/{bucket}/{fileName}, or /api/files/{bucket}/{folder}/{fileName}. */
export const fileUrl = (bucket: Bucket, fileName: string, folder: string | null = null) =>
  folder === null ? `/api/files/${bucket}/${fileName}` : `/api/files/${bucket}/${folder}/${fileName}`;

/** Splits a stored file URL back into bucket, folder and name; null for anything else. */
export function parseFileUrl(url: string): { bucket: string; folder: string | null; fileName: string } | null {
  const match = /^\/api\/files\/([a-z-]+)\/(?:([0-9a-f-]{36})\/)?([0-9a-f-]{36}\.webp)(?:$|\?)/.exec(url);
  return match ? { bucket: match[1]!, folder: match[2] ?? null, fileName: match[3]! } : null;
}

/** The same picture scaled down to `width` pixels (see IMAGE_WIDTHS). */
export const imageWidthUrl = (url: string, width: ImageWidth) => `${url}?w=${width}`;
