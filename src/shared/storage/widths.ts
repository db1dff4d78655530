import type { Bucket } from './buckets.js';

/** The longest side of a stored picture: an upload is scaled down to fit it. */
export const MAX_IMAGE_SIDE = 1600;

/**
 * The only smaller widths a picture is served in: a card on a phone needs 360 or 720 pixels
 * (by its pixel density), not 1600. A fixed set, so nobody can make the server resize at will.
 */
export const IMAGE_WIDTHS = [360, 720] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export const IMAGE_WIDTH_MESSAGE = `The width must be one of ${IMAGE_WIDTHS.join(', ')}`;

/** Buckets served in IMAGE_WIDTHS too: food and restaurant pictures, never people or their documents. */
const WIDTH_BUCKETS: readonly Bucket[] = ['food-images'];
export const comesInWidths = (bucket: string) => (WIDTH_BUCKETS as readonly string[]).includes(bucket);
