import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * An ILIKE pattern that finds `text` anywhere, taken literally: its own % _ and \ match only
 * themselves. pg_trgm's GIN indexes serve such patterns once they hold three characters.
 */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** `column ILIKE pattern` for any of the columns, in parentheses so that it may be and-ed with other conditions. */
export const anyContains = (pattern: string, ...columns: (AnyColumn | SQL)[]): SQL =>
  sql`(${sql.join(
    columns.map((column) => sql`${column} ilike ${pattern}`),
    sql` or `,
  )})`;
