import { and, eq, isNull, sql } from 'drizzle-orm';
import type { PaymentDecision } from '@shared/orders/notAvailable.js';
import type { Queryable } from '../db/client.js';
import { earthOf, metresBetween } from '../db/geo.js';
import { drivers, orders } from '../db/schema.js';

/** SQL of the rider's wait at the door and of a not-available order's payment decision (notAvailable.ts). */

/**
 * How far the driver's last reported position is from the order's delivery pin: `pinned` false
 * when the order has no pin (nothing to measure against), `metres` null when the driver has sent
 * no position yet.
 */
export async function findDistanceToPin(db: Queryable, orderId: string, driverId: string) {
  const [row] = await db
    .select({
      pinned: sql<boolean>`${orders.deliveryLatitude} is not null and ${orders.deliveryLongitude} is not null`,
      metres: sql<number | null>`case when ${drivers.latitude} is not null and ${drivers.longitude} is not null
        then ${metresBetween(earthOf(drivers.latitude, drivers.longitude), earthOf(orders.deliveryLatitude, orders.deliveryLongitude))} end`,
    })
    .from(orders)
    .leftJoin(drivers, eq(drivers.userId, driverId))
    .where(eq(orders.id, orderId));
  return row;
}

/**
 * Starts the wait, `minutes` long from now, only while the order is out for delivery with this
 * driver and no wait was started: of two starts at once exactly one does. Undefined otherwise.
 */
export async function startWaitIfNone(db: Queryable, orderId: string, driverId: string, minutes: number) {
  const [row] = await db
    .update(orders)
    .set({ waitStartedAt: sql`now()`, waitEndsAt: sql`now() + make_interval(mins => ${minutes}::int)` })
    .where(
      and(eq(orders.id, orderId), eq(orders.status, 'picked_up'), eq(orders.driverId, driverId), isNull(orders.waitStartedAt)),
    )
    .returning({ startedAt: orders.waitStartedAt, endsAt: orders.waitEndsAt });
  return row?.startedAt && row.endsAt ? { startedAt: row.startedAt, endsAt: row.endsAt } : undefined;
}

/** Whether a wait was started on the order, and the seconds left of it by the database's clock (0 or less once over). */
export async function findWaitLeft(db: Queryable, orderId: string) {
  const [row] = await db
    .select({
      started: sql<boolean>`${orders.waitStartedAt} is not null`,
      secondsLeft: sql<number>`coalesce(extract(epoch from ${orders.waitEndsAt} - now()), 0)::float8`,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

export async function setDoorPhoto(db: Queryable, orderId: string, url: string) {
  await db.update(orders).set({ doorPhotoUrl: url }).where(eq(orders.id, orderId));
}

/** Records the decision on the order's payment once: only for an order closed as not available with none yet. */
export async function decidePaymentIfOpen(db: Queryable, orderId: string, decision: PaymentDecision) {
  const [row] = await db
    .update(orders)
    .set({ paymentDecision: decision })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'customer_unavailable'), isNull(orders.paymentDecision)))
    .returning({ id: orders.id, restaurantId: orders.restaurantId, driverId: orders.driverId });
  return row;
}

export async function findPaymentDecision(db: Queryable, orderId: string) {
  const [row] = await db.select({ decision: orders.paymentDecision }).from(orders).where(eq(orders.id, orderId));
  return row?.decision ?? null;
}
