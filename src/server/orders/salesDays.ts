import { and, eq, sql } from 'drizzle-orm';
import { isActive, type OrderStatus } from '@shared/orders/status.js';
import type { Db, Tx } from '../db/client.js';
import { restaurantSalesDays, restaurants } from '../db/schema.js';

/**
 * The per-day rollup of a restaurant's sales (restaurant_sales_days), so that a summary over
 * months reads one row per day instead of every order. Every UTC day before the restaurant's
 * watermark (restaurants.sales_rolled_until) is rolled up; later days are summed live from orders.
 *
 * A summary that finds the watermark before yesterday rolls the days up to yesterday
 * (rollUpSalesDays). Yesterday and today stay live: an order placed just before midnight may
 * commit after it. The rollup stays exact because:
 * - checkout inserts orders with created_at = now(), so always into a live day; amounts, day and
 *   restaurant of an order never change;
 * - orders are never deleted: both their foreign keys (customer, restaurant) restrict and no code
 *   deletes one, so deleting a user or a restaurant with orders is refused and a restaurant's
 *   days go (cascade) only with a restaurant that has no orders left. An order deleted by hand
 *   would stay counted in its rolled-up day;
 * - every status move goes through updateStatusIfCurrent, which calls adjustRolledDay. The fill
 *   locks the restaurant row FOR NO KEY UPDATE (checkouts' foreign-key locks do not wait for it)
 *   and sums the orders in a later statement, which sees every move committed before it got the
 *   lock. A move of an order placed before today takes the same row FOR SHARE before reading the
 *   watermark, so it either commits before the fill sums (and is summed) or waits for the fill
 *   and then sees the new watermark and applies its change to the rolled-up day;
 * - moves of today's orders skip the lock: a fill rolls only days before yesterday, so it would
 *   have to start more than a day after the move's transaction began to reach their day.
 * Both clocks are the database's now() (the transaction's start), never an app server's.
 */

/** The UTC day an order was placed. */
export const ORDER_DAY = `(created_at at time zone 'UTC')::date`;
/** Today's UTC date by the database's clock, as the transaction started. */
export const TODAY = `(now() at time zone 'UTC')::date`;
/** The first day that stays live: days before it are due to be rolled up. */
export const FIRST_LIVE_DAY = `(${TODAY} - 1)`;
/** The first instant of a UTC day given as an SQL date expression. */
export const midnightOf = (day: string) => `((${day})::timestamp at time zone 'UTC')`;

/** One day's figures over a group of its orders; the same sums live and rolled up. */
export const DAY_SUMS = `
  coalesce(sum(total_amount) filter (where status <> 'cancelled'), 0)::bigint as sales,
  coalesce(sum(commission_amount) filter (where status <> 'cancelled'), 0)::bigint as commission,
  coalesce(sum(restaurant_payout) filter (where status <> 'cancelled'), 0)::bigint as payout,
  (count(*) filter (where status <> 'cancelled'))::int as orders,
  (count(*) filter (where status not in ('delivered', 'cancelled', 'customer_unavailable')))::int as pending_count,
  (count(*) filter (where status = 'delivered'))::int as completed_count`;

/** Rolls the restaurant's days before yesterday up, in one transaction; nothing when another fill did it first. */
export async function rollUpSalesDays(db: Db, restaurantId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [mark] = await tx
      .select({ behind: sql<boolean>`${restaurants.salesRolledUntil} < ${sql.raw(FIRST_LIVE_DAY)}` })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId))
      .for('no key update');
    if (!mark?.behind) return;
    await tx.execute(sql`
      with bounds as (
        select ${sql.raw(midnightOf('sales_rolled_until'))} as rolled_until, ${sql.raw(midnightOf(FIRST_LIVE_DAY))} as live_from
        from restaurants where id = ${restaurantId}
      ), rolled as (
        insert into restaurant_sales_days (restaurant_id, day, sales, commission, payout, orders, pending_count, completed_count)
        select restaurant_id, ${sql.raw(ORDER_DAY)}, ${sql.raw(DAY_SUMS)}
        from orders, bounds
        where restaurant_id = ${restaurantId} and created_at >= bounds.rolled_until and created_at < bounds.live_from
        group by 1, 2
      )
      update restaurants set sales_rolled_until = ${sql.raw(FIRST_LIVE_DAY)} where id = ${restaurantId}`);
  });
}

/** What one order adds to its day's row in each status. */
const contribution = (status: OrderStatus) => ({
  counted: status === 'cancelled' ? 0 : 1,
  pending: isActive(status) ? 1 : 0,
  completed: status === 'delivered' ? 1 : 0,
});

export interface MovedOrderFigures {
  restaurantId: string;
  /** The UTC day it was placed, YYYY-MM-DD. */
  day: string;
  totalAmount: number;
  commissionAmount: number;
  restaurantPayout: number;
}

/**
 * Inside a move's transaction, for an order placed before today: when the move changes what the
 * order counts for (pending, completed or cancelled) and its day is already rolled up, applies
 * the change to that day's row. See the top of this file for why the lock makes this exact.
 */
export async function adjustRolledDay(tx: Tx, order: MovedOrderFigures, from: OrderStatus, to: OrderStatus) {
  const before = contribution(from);
  const after = contribution(to);
  const counted = after.counted - before.counted;
  const pending = after.pending - before.pending;
  const completed = after.completed - before.completed;
  if (counted === 0 && pending === 0 && completed === 0) return;

  const [mark] = await tx
    .select({ rolled: sql<boolean>`${restaurants.salesRolledUntil} > ${order.day}::date` })
    .from(restaurants)
    .where(eq(restaurants.id, order.restaurantId))
    .for('share');
  if (!mark?.rolled) return;
  const days = restaurantSalesDays;
  await tx
    .update(days)
    .set({
      sales: sql`${days.sales} + ${counted * order.totalAmount}`,
      commission: sql`${days.commission} + ${counted * order.commissionAmount}`,
      payout: sql`${days.payout} + ${counted * order.restaurantPayout}`,
      orders: sql`${days.orders} + ${counted}`,
      pendingCount: sql`${days.pendingCount} + ${pending}`,
      completedCount: sql`${days.completedCount} + ${completed}`,
    })
    .where(and(eq(days.restaurantId, order.restaurantId), eq(days.day, order.day)));
}
