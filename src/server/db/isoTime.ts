import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** to_char's pattern for an ISO 8601 instant in UTC, as z.iso.datetime() reads it: 2026-11-27T13:30:00Z. */
const ISO_UTC_PATTERN = `'YYYY-MM-DD"T"HH24:MI:SS"Z"'`;

/** A timestamptz column as ISO 8601 text in UTC (null stays null), for a statement written as text. */
export const isoUtcText = (column: string): string => `to_char(${column} at time zone 'UTC', ${ISO_UTC_PATTERN})`;

/** The same, for a query built with drizzle. */
export const isoUtc = (column: AnyColumn): SQL<string | null> =>
  sql<string | null>`to_char(${column} at time zone 'UTC', ${sql.raw(ISO_UTC_PATTERN)})`;
