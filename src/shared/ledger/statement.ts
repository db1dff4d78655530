import { z } from 'zod';
import { boundedText } from '../fields.js';
import { PAGING_MESSAGES } from '../paging.js';
import { LEDGER_EVENTS, type LedgerEvent } from './accounts.js';

/**
 * A statement of one restaurant's or rider's account on the ledger (decision 022) over a period of
 * UTC days [from, to): the balance before it, every entry in it with the balance after each, and the
 * balance at its end. Amounts read as owed: positive is money the platform owes the restaurant or
 * rider (their account's credit), negative what they owe it.
 */

/** The accounts a statement is of: a restaurant's payouts, a rider's earnings. */
const STATEMENT_ACCOUNTS = ['restaurant', 'rider'] as const;
export type StatementAccount = (typeof STATEMENT_ACCOUNTS)[number];

/** The longest period one statement covers. */
export const STATEMENT_MAX_DAYS = 366;
const DEFAULT_STATEMENT_PAGE = 50;
const MAX_STATEMENT_PAGE = 200;
const DAY_MS = 86_400_000;

export const STATEMENT_MESSAGES = {
  date: 'A date is written YYYY-MM-DD',
  order: 'The period must end after it starts',
  tooLong: `A statement covers at most ${STATEMENT_MAX_DAYS} days`,
  currency: 'That is not a currency symbol',
  limit: `The page size is a whole number from 1 to ${MAX_STATEMENT_PAGE}`,
  format: 'The format is json or csv',
  loadFailed: 'Failed to load the statement',
  empty: 'No entries in this period',
} as const;

/** How each kind of transaction reads on a statement. */
export const STATEMENT_KIND_LABELS: Record<LedgerEvent, string> = {
  order_paid: 'Order paid',
  order_delivered: 'Order delivered',
  order_refunded: 'Order refunded',
  payment_kept: 'Payment kept after cancellation',
  cash_handed_in: 'Cash handed in',
  payout_sent: 'Payout sent',
  payout_failed: 'Payout failed: money back on the balance',
  payout_reversed: 'Payout reversed: money back on the balance',
};

/** A UTC date as YYYY-MM-DD. */
export const isoDay = (at: Date): string => at.toISOString().slice(0, 10);
/** The first instant of a UTC date given as YYYY-MM-DD. */
export const dayStart = (day: string): Date => new Date(`${day}T00:00:00.000Z`);
/** Whether the text is a real date, YYYY-MM-DD. */
export const isDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(dayStart(text).getTime()) && isoDay(dayStart(text)) === text;
/** The date `days` days after a YYYY-MM-DD date. */
export const addDays = (day: string, days: number): string => isoDay(new Date(dayStart(day).getTime() + days * DAY_MS));

/** The first day of the month `months` months after the month of `day` (YYYY-MM-DD). */
export function monthStart(day: string, months = 0): string {
  const at = dayStart(day);
  return isoDay(new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1)));
}

/** The same day of the month `months` months away, or that month's last day when it has fewer days. */
function shiftMonths(day: string, months: number): string {
  const at = dayStart(day);
  const first = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  return isoDay(first);
}

export interface StatementPeriod {
  /** The first day, YYYY-MM-DD. */
  from: string;
  /** The day after the last, YYYY-MM-DD. */
  to: string;
}

/**
 * The period of a statement query: both dates as given; one alone with the other a month away;
 * neither, the current UTC month.
 */
export function statementPeriod(query: { from?: string | undefined; to?: string | undefined }, now: Date): StatementPeriod {
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) return { from: query.from, to: shiftMonths(query.from, 1) };
  if (query.to) return { from: shiftMonths(query.to, -1), to: query.to };
  const today = isoDay(now);
  return { from: monthStart(today), to: monthStart(today, 1) };
}

/** statement-<name>-<first day>-to-<last day>.csv: the name in plain letters, digits and dashes (accents dropped). */
export function statementFilename(name: string, period: StatementPeriod): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `statement-${slug ? `${slug}-` : ''}${period.from}-to-${addDays(period.to, -1)}.csv`;
}

/** Days in a period. */
export const periodDays = (period: StatementPeriod) =>
  Math.round((dayStart(period.to).getTime() - dayStart(period.from).getTime()) / DAY_MS);

/**
 * The statement's cursor names the last entry shown, in time order: its created_at in
 * microseconds and its id (the ledger's entries are numbered, not uuids). Clients send back what
 * they got.
 */
export interface StatementCursor {
  micros: string;
  id: string;
}
const STATEMENT_CURSOR = /^(\d{1,18})_(\d{1,18})$/;
export const encodeStatementCursor = (cursor: StatementCursor) => `${cursor.micros}_${cursor.id}`;
const statementCursorSchema = z
  .string({ message: PAGING_MESSAGES.cursor })
  .max(64, PAGING_MESSAGES.cursor)
  .transform((text, ctx): StatementCursor => {
    const match = STATEMENT_CURSOR.exec(text);
    if (match?.[1] && match[2]) return { micros: match[1], id: match[2] };
    ctx.addIssue({ code: 'custom', message: PAGING_MESSAGES.cursor });
    return z.NEVER;
  });

/** Dates from 1970 to 8999: what a statement can be of, and room to add a month without leaving four-digit years. */
const daySchema = z.iso
  .date({ message: STATEMENT_MESSAGES.date })
  .refine((day) => day >= '1970-01-01' && day < '9000-01-01', STATEMENT_MESSAGES.date);

/**
 * GET …/statement?from=&to=&currency=&cursor=&limit=&format=: the period (from included, to not;
 * default the current UTC month, at most STATEMENT_MAX_DAYS days), the currency (default: the
 * restaurant's, or the one of the rider's latest entry), a page of entries, and json or csv (all
 * entries of the period, not paged).
 */
export const statementQuerySchema = z
  .object({
    from: daySchema.optional(),
    to: daySchema.optional(),
    currency: boundedText(8, STATEMENT_MESSAGES.currency).trim().min(1, STATEMENT_MESSAGES.currency).optional(),
    cursor: statementCursorSchema.optional(),
    limit: z.coerce
      .number({ message: STATEMENT_MESSAGES.limit })
      .int(STATEMENT_MESSAGES.limit)
      .min(1, STATEMENT_MESSAGES.limit)
      .max(MAX_STATEMENT_PAGE, STATEMENT_MESSAGES.limit)
      .default(DEFAULT_STATEMENT_PAGE),
    format: z.enum(['json', 'csv'], { message: STATEMENT_MESSAGES.format }).default('json'),
  })
  .superRefine((query, ctx) => {
    // A date refused above has its own message: the period is judged only from real dates.
    if ((query.from !== undefined && !isDay(query.from)) || (query.to !== undefined && !isDay(query.to))) return;
    const period = statementPeriod(query, new Date(0));
    const days = periodDays(period);
    if (days <= 0) ctx.addIssue({ code: 'custom', message: STATEMENT_MESSAGES.order, path: ['to'] });
    else if (days > STATEMENT_MAX_DAYS) ctx.addIssue({ code: 'custom', message: STATEMENT_MESSAGES.tooLong, path: ['to'] });
  });
export type StatementQuery = z.output<typeof statementQuerySchema>;

const minor = z.number().int();

const statementEntrySchema = z.object({
  /** The entry's number on the ledger. */
  id: z.string(),
  at: z.iso.datetime(),
  kind: z.enum(LEDGER_EVENTS),
  orderId: z.uuid().nullable(),
  shortId: z.string().nullable(),
  memo: z.string().nullable(),
  /** How the entry's order was paid ('Cash', 'Mobile money', 'Card', ...); null without an order. */
  paidBy: z.string().nullable(),
  /** Positive: owed to the restaurant or rider. */
  amount: minor,
  /** What is owed to them after this entry. */
  balance: minor,
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const statementSchema = z.object({
  account: z.enum(STATEMENT_ACCOUNTS),
  from: z.iso.date(),
  /** The day after the period's last. */
  to: z.iso.date(),
  /** Null for an account that has no entries yet, and was asked for no currency. */
  currencySymbol: z.string().nullable(),
  /** Every currency the account has entries in, the one of its latest entry first. */
  currencies: z.array(z.string()),
  /** Owed before the period. */
  openingBalance: minor,
  /** Owed at its end. */
  closingBalance: minor,
  /** A page of the period's entries, oldest first. */
  entries: z.array(statementEntrySchema),
  nextCursor: z.string().nullable(),
});
export type Statement = z.infer<typeof statementSchema>;
