import { OVERVIEW_CHART_DAYS, type AdminOverview } from '@shared/admin/overview.js';
import type { Database } from '../db/client.js';
import { rollUpPlatformDays } from '../orders/platformDays.js';
import { countInProgress, countTables, sumPlatformMoney } from './dashboardRepository.js';

/**
 * The admin Overview, built to stay cheap with millions of orders and accounts. Each figure is
 * read the cheapest way that is still right for it:
 * - Orders, revenue and commission must be exact (money above all): they come from the
 *   platform's per-day rollup (orders/platformDays.ts), one row per finished UTC day and
 *   currency, plus the orders of yesterday and today through the created_at index; never a scan
 *   of every order. Money is summed per currency only.
 * - Users, restaurants and drivers are head counts, where a round figure is as good as an exact
 *   one once they are large: below ESTIMATE_FROM rows (by the planner's estimate) they are
 *   counted exactly, which is quick at that size; from there on the planner's estimate
 *   (pg_class.reltuples, kept by autovacuum and ANALYZE) is answered, marked approximate.
 * - The orders waiting in each status still in progress are counted in the status index
 *   (orders_status_idx, which Order Management's filter uses too): only their ranges are read,
 *   however many were delivered.
 */

/** From this many rows (by the planner's estimate) a table's count is the estimate, not a count. */
const ESTIMATE_FROM = 100_000;

const DAY_MS = 86_400_000;

/** The chart's first instant: UTC midnight OVERVIEW_CHART_DAYS - 1 days before today's. */
export const chartStart = (now: Date) =>
  new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - (OVERVIEW_CHART_DAYS - 1) * DAY_MS);

export async function getAdminOverview(
  database: Database,
  options: { now?: Date; estimateFrom?: number } = {},
): Promise<AdminOverview> {
  const from = chartStart(options.now ?? new Date());
  const [tables, money, waiting] = await Promise.all([
    countTables(database.db, options.estimateFrom ?? ESTIMATE_FROM),
    sumPlatformMoney(database.statements, from),
    countInProgress(database.db),
  ]);
  // The figures are exact either way; rolling the finished days up keeps the next overviews short.
  if (money.rollUpDue) await rollUpPlatformDays(database.db);
  return {
    ...tables,
    orders: money.orders,
    cancelledOrders: money.cancelled,
    currencies: money.currencies,
    from: from.toISOString(),
    days: money.days,
    waiting,
  };
}
