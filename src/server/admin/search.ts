import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Text search of the admin lists: the text anywhere in a column, in any letter case (ILIKE), its
 * wildcards taken literally. The columns have trigram (pg_trgm) GIN indexes, which narrow a search
 * for rare text of three characters or more to the rows holding its trigrams; for common or
 * shorter text, reading the list newest first fills a page sooner, and the planner picks that.
 */

/** The ILIKE pattern finding `text` anywhere. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `column ILIKE pattern` for any of the columns, in parentheses so that it may be and-ed with other conditions. */
export const anyContains = (pattern: string, ...columns: (AnyColumn | SQL)[]): SQL =>
  sql`(${sql.join(
    columns.map((column) => sql`${column} ilike ${pattern}`),
    sql` or `,
  )})`;
