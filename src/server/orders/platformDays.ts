import { and, eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '@shared/orders/status.js';
import type { Db, Tx } from '../db/client.js';
import { platformSalesDays, platformSalesRollup } from '../db/schema.js';
import { FIRST_LIVE_DAY, midnightOf, ORDER_DAY } from './salesDays.js';

/**
 * The platform's orders per UTC day and currency (platform_sales_days), for the admin overview:
 * its totals and chart read one row per finished day and currency, plus the orders of the days
 * still live, instead of every order ever placed. It is the restaurants' rollup (salesDays.ts)
 * for the whole platform, with the same watermark protocol, one watermark row
 * (platform_sales_rollup) instead of one per restaurant:
 * - every UTC day before the watermark is summed; yesterday and today stay live, since an order
 *   placed just before midnight may commit after it;
 * - an order's amounts, day and currency never change and orders are never deleted;
 * - a move changes what an order adds to its day only when it cancels it (or, were it ever
 *   allowed, un-cancels it). Such a move of an order placed before today takes the watermark row
 *   FOR SHARE before reading it (adjustPlatformDay), and the fill takes it FOR UPDATE before
 *   summing, so the move either commits before the fill sums (and is summed) or waits for the
 *   fill and then applies itself to the rolled-up day. Moves of today's orders skip the lock, as
 *   in salesDays.ts.
 * Only such moves touch the watermark row, and FOR SHARE locks do not wait for each other, so
 * checkouts and the kitchen's moves never queue on it.
 */

/** One day's figures of a group of its orders, the same sums live and rolled up. */
export const PLATFORM_DAY_SUMS = `
  (count(*) filter (where status <> 'cancelled'))::int as orders,
  (count(*) filter (where status = 'cancelled'))::int as cancelled,
  coalesce(sum(total_amount) filter (where status <> 'cancelled'), 0)::bigint as sales,
  coalesce(sum(commission_amount) filter (where status <> 'cancelled'), 0)::bigint as commission`;

/** Rolls every day before yesterday up, in one transaction; nothing when another fill did it first. */
export async function rollUpPlatformDays(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const [mark] = await tx
      .select({ behind: sql<boolean>`${platformSalesRollup.rolledUntil} < ${sql.raw(FIRST_LIVE_DAY)}` })
      .from(platformSalesRollup)
      .where(eq(platformSalesRollup.id, 1))
      .for('update');
    if (!mark?.behind) return;
    await tx.execute(sql`
      with bounds as (
        select ${sql.raw(midnightOf('rolled_until'))} as rolled_from, ${sql.raw(midnightOf(FIRST_LIVE_DAY))} as live_from
        from platform_sales_rollup where id = 1
      ), rolled as (
        insert into platform_sales_days (day, currency_symbol, orders, cancelled, sales, commission)
        select ${sql.raw(ORDER_DAY)}, currency_symbol, ${sql.raw(PLATFORM_DAY_SUMS)}
        from orders, bounds
        where created_at >= bounds.rolled_from and created_at < bounds.live_from
        group by 1, 2
      )
      update platform_sales_rollup set rolled_until = ${sql.raw(FIRST_LIVE_DAY)} where id = 1`);
  });
}

export interface PlatformOrderFigures {
  /** The UTC day it was placed, YYYY-MM-DD. */
  day: string;
  currencySymbol: string;
  totalAmount: number;
  commissionAmount: number;
}

/**
 * Inside a move's transaction, for an order placed before today: when the move cancels it (or
 * un-cancels it) and its day is already rolled up, applies that to the day's row. See the top of
 * this file for why the lock keeps this exact.
 */
export async function adjustPlatformDay(tx: Tx, order: PlatformOrderFigures, from: OrderStatus, to: OrderStatus) {
  const counted = (to === 'cancelled' ? 0 : 1) - (from === 'cancelled' ? 0 : 1);
  if (counted === 0) return;
  const [mark] = await tx
    .select({ rolled: sql<boolean>`${platformSalesRollup.rolledUntil} > ${order.day}::date` })
    .from(platformSalesRollup)
    .where(eq(platformSalesRollup.id, 1))
    .for('share');
  if (!mark?.rolled) return;
  const days = platformSalesDays;
  await tx
    .update(days)
    .set({
      orders: sql`${days.orders} + ${counted}`,
      cancelled: sql`${days.cancelled} - ${counted}`,
      sales: sql`${days.sales} + ${counted * order.totalAmount}`,
      commission: sql`${days.commission} + ${counted * order.commissionAmount}`,
    })
    .where(and(eq(days.day, order.day), eq(days.currencySymbol, order.currencySymbol)));
}
