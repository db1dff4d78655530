import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES } from '@shared/storage/buckets.js';

/** The image types the server accepts; also the file picker's `accept` list. */
const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(',');

/** Why the server would refuse this file, checked before uploading it; null when it looks fine. */
export function imageFileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return UPLOAD_MESSAGES.notAnImage;
  if (file.size > MAX_UPLOAD_BYTES) return UPLOAD_MESSAGES.tooLarge;
  return null;
}
