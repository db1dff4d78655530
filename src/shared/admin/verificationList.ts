import { z } from 'zod';
import { encodeCursor, pageLimitSchema, PAGING_MESSAGES, type Cursor } from '../paging.js';
import { idCheckResultSchema } from '../verification/schemas.js';

/**
 * The admin's 'Driver Verification' tab: every driver with the two pictures an ID check compares,
 * those still waiting for verification first, then the newest. Served by GET
 * /api/admin/verification/drivers, a page at a time.
 */

/**
 * The list is ordered by (verified, newest first), so its cursor names the group of the last
 * driver shown as well as their (created_at, id): '0_<micros>_<id>' while in the pending drivers,
 * '1_<micros>_<id>' among the verified ones. Opaque to clients: they send back what they got.
 */
export interface VerificationCursor extends Cursor {
  verified: boolean;
}

const CURSOR_PATTERN = /^([01])_(\d{1,18})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const encodeVerificationCursor = (cursor: VerificationCursor): string =>
  `${cursor.verified ? 1 : 0}_${encodeCursor(cursor)}`;

const verificationCursorSchema = z
  .string({ message: PAGING_MESSAGES.cursor })
  .max(70, PAGING_MESSAGES.cursor)
  .transform((text, ctx): VerificationCursor => {
    const match = CURSOR_PATTERN.exec(text.toLowerCase());
    if (match?.[1] && match[2] && match[3]) return { verified: match[1] === '1', micros: match[2], id: match[3] };
    ctx.addIssue({ code: 'custom', message: PAGING_MESSAGES.cursor });
    return z.NEVER;
  });

export const verificationListQuerySchema = z.object({
  cursor: verificationCursorSchema.optional(),
  limit: pageLimitSchema,
});
export type VerificationListQuery = z.output<typeof verificationListQuerySchema>;

const verificationDriverSchema = z.object({
  userId: z.uuid(),
  fullName: z.string(),
  /** The driver's photo: their profile picture (public), null if they have none. */
  avatarUrl: z.string().nullable(),
  /**
   * The national ID card, a private upload: a link signed for this admin that works for an hour
   * (an <img> cannot send a token), null when the driver's row names no stored file.
   */
  nationalIdUrl: z.string().nullable(),
  isVerified: z.boolean(),
  /** When the driver signed up. */
  createdAt: z.iso.datetime(),
  /**
   * The driver's last ID check, once the list carries it (the ID check keeps its results in a table
   * of its own); absent until then, and the page shows the result of the check it just ran.
   */
  lastCheck: idCheckResultSchema.nullable().optional(),
});
export type VerificationDriver = z.infer<typeof verificationDriverSchema>;

export const verificationDriverPageSchema = z.object({
  items: z.array(verificationDriverSchema),
  nextCursor: z.string().nullable(),
});

export const VERIFICATION_MESSAGES = {
  loadFailed: 'Failed to load drivers',
  empty: 'No drivers registered yet',
  verifyButton: 'Verify ID with AI',
  verifying: 'Verifying...',
} as const;
