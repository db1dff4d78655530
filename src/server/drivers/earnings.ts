import { and, sql } from 'drizzle-orm';
import {
  earningsPeriods,
  type DeliveryEarning,
  type Earnings,
  type EarningsQuery,
  type EarningsTotals,
} from '@shared/drivers/earnings.js';
import { isoDay } from '@shared/ledger/statement.js';
import { shortOrderId } from '@shared/orders/schemas.js';
import type { Page } from '@shared/paging.js';
import type { Queryable } from '../db/client.js';
import { afterCursor, cursorMicros, newestFirst, toPage, type Keyset } from '../db/keyset.js';
import { rowsOf } from '../db/rows.js';

/**
 * A rider's earnings (shared/drivers/earnings.ts). A delivery is the rider's order that reached
 * delivered, at the time its order_delivered ledger transaction was posted; it earns the rider
 * delivery_fee - delivery_share + tip_amount, as the order stored them at checkout. What is owed
 * and the cash held are the balances of the rider's two ledger accounts.
 */

/**
 * The rider's delivered orders with the time each was delivered: the order_delivered posting found
 * for each order through its (order_id, kind) index (a lateral probe per order, which the planner
 * cannot turn into a scan of every posting).
 */
const DELIVERED = sql`
  from orders o
  cross join lateral (
    select t.created_at from ledger_transactions t where t.order_id = o.id and t.kind = 'order_delivered' limit 1
  ) t`;

interface TotalsRow {
  currency_symbol: string;
  today: number;
  today_deliveries: number;
  week: number;
  week_deliveries: number;
  owed: number;
  cash_held: number;
}

/** The rider's earnings per currency since `weekStart` and `dayStart`, and their balances; sums as float8, exact below 2^53. */
async function readTotals(db: Queryable, riderId: string, dayStart: Date, weekStart: Date): Promise<EarningsTotals[]> {
  const rows = rowsOf<TotalsRow>(
    await db.execute(sql`
      with delivered as (
        select o.currency_symbol, t.created_at as delivered_at, (o.delivery_fee - o.delivery_share + o.tip_amount)::bigint as earning
        ${DELIVERED}
        where o.driver_id = ${riderId} and o.status = 'delivered' and t.created_at >= ${weekStart.toISOString()}::timestamptz
      ), week as (
        select currency_symbol,
          coalesce(sum(earning) filter (where delivered_at >= ${dayStart.toISOString()}::timestamptz), 0) as today,
          count(*) filter (where delivered_at >= ${dayStart.toISOString()}::timestamptz) as today_deliveries,
          sum(earning) as week,
          count(*) as week_deliveries
        from delivered group by currency_symbol
      ), balances as (
        select currency_symbol,
          coalesce(sum(amount) filter (where account = 'rider'), 0) as rider,
          coalesce(sum(amount) filter (where account = 'rider_cash'), 0) as cash
        from ledger_entries
        where account in ('rider', 'rider_cash') and owner_id = ${riderId}
        group by currency_symbol
      )
      select coalesce(w.currency_symbol, b.currency_symbol) as currency_symbol,
        coalesce(w.today, 0)::float8 as today, coalesce(w.today_deliveries, 0)::int as today_deliveries,
        coalesce(w.week, 0)::float8 as week, coalesce(w.week_deliveries, 0)::int as week_deliveries,
        (-coalesce(b.rider, 0))::float8 as owed, coalesce(b.cash, 0)::float8 as cash_held
      from week w full join balances b on b.currency_symbol = w.currency_symbol
      order by coalesce(w.week_deliveries, 0) desc, 1`),
  );
  return rows.map((row) => ({
    currencySymbol: row.currency_symbol,
    today: Number(row.today),
    todayDeliveries: row.today_deliveries,
    week: Number(row.week),
    weekDeliveries: row.week_deliveries,
    owed: Number(row.owed),
    cashHeld: Number(row.cash_held),
  }));
}

/** A delivery is paged by when it was delivered, then by its order (the aliases of DELIVERED). */
const deliveryKeys: Keyset = { createdAt: sql`t.created_at`, id: sql`o.id` };

interface DeliveryRow {
  id: string;
  delivered_micros: string;
  restaurant_name: string;
  currency_symbol: string;
  fee_part: number;
  tip: number;
}

/** A page of the rider's deliveries, newest first, by (delivered at, order id): see db/keyset.ts. */
async function listDeliveries(db: Queryable, riderId: string, query: EarningsQuery): Promise<Page<DeliveryEarning>> {
  const rows = rowsOf<DeliveryRow>(
    await db.execute(sql`
      select o.id, ${cursorMicros(deliveryKeys)} as delivered_micros,
        r.name as restaurant_name, o.currency_symbol, o.delivery_fee - o.delivery_share as fee_part, o.tip_amount as tip
      ${DELIVERED}
      join restaurants r on r.id = o.restaurant_id
      where ${and(sql`o.driver_id = ${riderId} and o.status = 'delivered'`, afterCursor(deliveryKeys, query.cursor))}
      order by ${sql.join(newestFirst(deliveryKeys), sql`, `)}
      limit ${query.limit + 1}`),
  );
  return toPage(
    rows.map((row) => ({ ...row, cursorMicros: row.delivered_micros })),
    query.limit,
    (row): DeliveryEarning => ({
      orderId: row.id,
      shortId: shortOrderId(row.id),
      restaurantName: row.restaurant_name,
      currencySymbol: row.currency_symbol,
      deliveredAt: new Date(Number(row.delivered_micros) / 1000).toISOString(),
      feePart: row.fee_part,
      tip: row.tip,
      earning: row.fee_part + row.tip,
    }),
  );
}

/** GET /api/drivers/me/earnings for the signed-in rider (routes ask the policy first). */
export async function readEarnings(db: Queryable, riderId: string, query: EarningsQuery, now = new Date()): Promise<Earnings> {
  const { dayStart, weekStart } = earningsPeriods(now);
  const [totals, deliveries] = await Promise.all([
    readTotals(db, riderId, dayStart, weekStart),
    listDeliveries(db, riderId, query),
  ]);
  return { day: isoDay(dayStart), weekStart: isoDay(weekStart), totals, deliveries };
}
