import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { periodStart, type SalesPeriod } from '@shared/orders/sales.js';
import type { Queryable } from '../db/client.js';
import { orders } from '../db/schema.js';

const notCancelled = sql`${orders.status} <> 'cancelled'`;
const orderDay = sql<string>`(${orders.createdAt} at time zone 'UTC')::date::text`;

/**
 * A restaurant's sales over a period in the plainest SQL, straight from its orders: the cards
 * and the chart every summary must answer, however it sums them.
 */
export async function salesTruth(db: Queryable, restaurantId: string, period: SalesPeriod) {
  const from = periodStart(period, new Date());
  const ofPeriod = and(eq(orders.restaurantId, restaurantId), from ? gte(orders.createdAt, from) : undefined);
  const [row] = await db
    .select({
      sales: sql<string>`coalesce(sum(${orders.totalAmount}) filter (where ${notCancelled}), 0)`,
      commission: sql<string>`coalesce(sum(${orders.commissionAmount}) filter (where ${notCancelled}), 0)`,
      payout: sql<string>`coalesce(sum(${orders.restaurantPayout}) filter (where ${notCancelled}), 0)`,
      pending: sql<string>`count(*) filter (where status not in ('delivered', 'cancelled', 'customer_unavailable'))`,
      completed: sql<string>`count(*) filter (where status = 'delivered')`,
    })
    .from(orders)
    .where(ofPeriod);
  const days = await db
    .select({ day: orderDay, sales: sql<string>`sum(${orders.totalAmount})`, orders: sql<string>`count(*)` })
    .from(orders)
    .where(and(ofPeriod, notCancelled))
    .groupBy(orderDay)
    .orderBy(asc(orderDay));
  return {
    totalSales: Number(row!.sales),
    commission: Number(row!.commission),
    payout: Number(row!.payout),
    pendingCount: Number(row!.pending),
    completedCount: Number(row!.completed),
    days: days.map((day) => ({ day: day.day, sales: Number(day.sales), orders: Number(day.orders) })),
  };
}
