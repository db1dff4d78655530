import { desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Cursor, Page } from '@shared/paging.js';
import { encodeCursor } from '@shared/paging.js';

/**
 * Keyset paging over (created_at, id), newest first: a page starts right after the cursor's row
 * by a row comparison the (…, created_at desc) indexes serve, instead of an OFFSET that reads
 * and throws away every earlier row. Times travel as whole microseconds, so no row is skipped.
 */

/** Columns, or SQL naming them in a hand-written query (e.g. sql`o.id`). */
export interface Keyset {
  createdAt: AnyColumn | SQL;
  id: AnyColumn | SQL;
}

/** The select column the next cursor is made from. */
export const cursorMicros = (keys: Keyset) => sql<string>`(extract(epoch from ${keys.createdAt}) * 1000000)::bigint::text`;

/** The condition "older than the cursor's row"; undefined on the first page. */
export const afterCursor = (keys: Keyset, cursor: Cursor | undefined): SQL | undefined =>
  cursor
    ? sql`(${keys.createdAt}, ${keys.id}) < (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id}::uuid)`
    : undefined;

export const newestFirst = (keys: Keyset) => [desc(keys.createdAt), desc(keys.id)];

/** Cut a query's `limit + 1` rows into a page: the extra row only tells that there is a next page. */
export function toPage<Row extends { id: string; cursorMicros: string }, Item>(
  rows: Row[],
  limit: number,
  toItem: (row: Row) => Item,
): Page<Item> {
  const shown = rows.slice(0, limit);
  const last = shown.at(-1);
  return {
    items: shown.map(toItem),
    nextCursor: rows.length > limit && last ? encodeCursor({ micros: last.cursorMicros, id: last.id }) : null,
  };
}
