import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Text search of the admin lists: the text anywhere in a column, in any letter case (ILIKE), its
 * wildcards taken literally. The columns have trigram (pg_trgm) GIN indexes, which narrow a search
 * of three characters or more to the rows holding its trigrams; shorter text holds no trigram, and
 * matches so many rows that walking the list newest first finds a page soonest.
 */

/** The ILIKE pattern finding `text` anywhere. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Whether a trigram index can narrow a search for `text` (pg_trgm extracts none from fewer than 3 characters). */
export const narrowsByTrigrams = (text: string) => text.length >= 3;

/** `column ILIKE pattern` for each column, any of them. */
export const anyContains = (pattern: string, ...columns: (AnyColumn | SQL)[]) =>
  sql.join(
    columns.map((column) => sql`${column} ilike ${pattern}`),
    sql` or `,
  );
