import { z } from 'zod';

/**
 * Keyset paging, one shape for every list: a page of items, newest first, and the cursor of the
 * next page (null on the last). The cursor is opaque to clients: they send back what they got.
 * It names the last item shown by (created_at in microseconds, id), so a page never repeats or
 * skips an item when new ones arrive in between.
 */

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 50;
export const PAGING_MESSAGES = {
  cursor: 'That is not a valid page cursor',
  limit: `The page size is a whole number from 1 to ${MAX_PAGE_SIZE}`,
} as const;

export interface Cursor {
  /** created_at as microseconds since 1970, in decimal (it does not fit a double exactly). */
  micros: string;
  id: string;
}

const CURSOR_PATTERN = /^(\d{1,18})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export const encodeCursor = (cursor: Cursor): string => `${cursor.micros}_${cursor.id}`;

const cursorSchema = z
  .string({ message: PAGING_MESSAGES.cursor })
  .max(64, PAGING_MESSAGES.cursor)
  .transform((text, ctx): Cursor => {
    const match = CURSOR_PATTERN.exec(text.toLowerCase());
    if (match?.[1] && match[2]) return { micros: match[1], id: match[2] };
    ctx.addIssue({ code: 'custom', message: PAGING_MESSAGES.cursor });
    return z.NEVER;
  });

/** ?limit= of every paged list, whatever its cursor. */
export const pageLimitSchema = z.coerce
  .number({ message: PAGING_MESSAGES.limit })
  .int(PAGING_MESSAGES.limit)
  .min(1, PAGING_MESSAGES.limit)
  .max(MAX_PAGE_SIZE, PAGING_MESSAGES.limit)
  .default(DEFAULT_PAGE_SIZE);

/** ?cursor=&limit= of every paged list. */
export const pageQuerySchema = z.object({
  cursor: cursorSchema.optional(),
  limit: pageLimitSchema,
});
export type PageQuery = z.output<typeof pageQuerySchema>;

export const pageSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable() });
export interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
}
