import { z } from 'zod';
import { boundedText, uuidSchema } from '../fields.js';
import { BUCKETS } from './buckets.js';
import { IMAGE_WIDTH_MESSAGE, IMAGE_WIDTHS, type ImageWidth } from './widths.js';

/** The multipart part that carries the image of POST /api/storage/:bucket. */
export const UPLOAD_FIELD = 'file';

export const uploadParamsSchema = z.object({
  bucket: z.enum(BUCKETS, { message: `Unknown bucket: use one of ${BUCKETS.join(', ')}` }),
});

/** POST /api/storage/food-images?folder=<restaurant id> stores a food picture in that restaurant's folder. */
export const uploadQuerySchema = z.object({
  folder: uuidSchema('The folder must be a restaurant id').optional(),
});

/**
 * Reply of an upload. `url` is what gets stored on a profile, menu item or driver; for a
 * driver document, which an <img> cannot fetch without a token, `signedUrl` shows it at once.
 */
export const uploadResultSchema = z.object({
  bucket: z.enum(BUCKETS),
  fileName: z.string(),
  url: z.string(),
  signedUrl: z.string().optional(),
});
export type UploadResult = z.infer<typeof uploadResultSchema>;

/**
 * GET /api/files/:bucket/:entry, where the entry is a file, and GET /api/files/:bucket/:entry/:fileName,
 * where it is a sub-folder of the bucket (the router needs one name for both). Anything unknown
 * is answered 404, not 400.
 */
export const fileParamsSchema = z.object({
  bucket: boundedText(40),
  entry: boundedText(200),
});
export const folderFileParamsSchema = fileParamsSchema.extend({ fileName: boundedText(200) });

/** The query of a signed link to a private file (see signFileUrl on the server). */
export const signedLinkQuerySchema = z.object({
  expires: boundedText(20).optional(),
  sig: boundedText(100).optional(),
});

/** ?w= asks for a picture scaled down to one of IMAGE_WIDTHS. */
const imageWidthSchema = z.string({ message: IMAGE_WIDTH_MESSAGE }).transform((text, ctx): ImageWidth => {
  const width = IMAGE_WIDTHS.find((candidate) => String(candidate) === text);
  if (width !== undefined) return width;
  ctx.addIssue({ code: 'custom', message: IMAGE_WIDTH_MESSAGE });
  return z.NEVER;
});

/** The query of GET /api/files/...: a signed link's, and the width wanted. */
export const fileQuerySchema = signedLinkQuerySchema.extend({ w: imageWidthSchema.optional() });
