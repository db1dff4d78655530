import { imageWidthUrl, parseFileUrl } from '@shared/storage/urls.js';
import { comesInWidths, IMAGE_WIDTHS, MAX_IMAGE_SIDE } from '@shared/storage/widths.js';

/**
 * The srcset of one of our food pictures: its smaller widths, then the picture as stored (at
 * most MAX_IMAGE_SIDE wide). Undefined for a picture that has no widths, such as an outside address.
 */
export function imageSrcSet(src: string): string | undefined {
  const file = parseFileUrl(src);
  if (!file || src.includes('?') || !comesInWidths(file.bucket)) return undefined;
  return [...IMAGE_WIDTHS.map((width) => `${imageWidthUrl(src, width)} ${width}w`), `${src} ${MAX_IMAGE_SIDE}w`].join(', ');
}
