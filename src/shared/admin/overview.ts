import { z } from 'zod';
import { IN_PROGRESS_STATUSES } from '../orders/status.js';

/**
 * The admin Overview (the admin area's first page): platform totals, money per currency (never
 * summed across currencies), the last 30 days per day and the orders still in progress by status.
 */

export const OVERVIEW_MESSAGES = { loadFailed: 'Failed to load admin data' } as const;

/** The chart covers this many UTC days, today included. */
export const OVERVIEW_CHART_DAYS = 30;

/** Shown under the money cards, so nobody wonders what they count. */
export const OVERVIEW_COUNTING_NOTE =
  'Revenue, commission and the chart leave cancelled orders out, and money is shown per currency. Days are counted in UTC.';

const count = z.number().int().nonnegative();
const minor = z.number().int();

/** A count of a table that may be huge: exact when small, else the database's estimate (`approximate`). */
const tableCountSchema = z.object({ count, approximate: z.boolean() });
export type TableCount = z.infer<typeof tableCountSchema>;

const currencyTotalsSchema = z.object({
  currencySymbol: z.string(),
  /** Orders not cancelled. */
  orders: count,
  /** Their totals, in minor units of this currency. */
  revenue: minor,
  commission: minor,
});
export type CurrencyTotals = z.infer<typeof currencyTotalsSchema>;

const overviewDaySchema = z.object({
  /** The UTC day, YYYY-MM-DD. */
  day: z.iso.date(),
  currencySymbol: z.string(),
  /** Orders not cancelled, and their totals in minor units of this currency. */
  orders: count,
  revenue: minor,
});
export type OverviewDay = z.infer<typeof overviewDaySchema>;

export const adminOverviewSchema = z.object({
  users: tableCountSchema,
  restaurants: tableCountSchema,
  drivers: tableCountSchema,
  /** Every order placed, cancelled ones included; always exact. */
  orders: count,
  cancelledOrders: count,
  /** One entry per currency ever used, most orders first. */
  currencies: z.array(currencyTotalsSchema),
  /** The chart's first instant: UTC midnight OVERVIEW_CHART_DAYS - 1 days ago. */
  from: z.iso.datetime(),
  /** Per UTC day and currency since `from`, oldest first; days without orders are absent. */
  days: z.array(overviewDaySchema),
  /** How many orders wait in each status still in progress, in the order an order goes through them. */
  waiting: z.array(z.object({ status: z.enum(IN_PROGRESS_STATUSES), count })),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;
