import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { deliveryCodeAttempts, orders } from '../db/schema.js';

/**
 * SQL of the delivery code's attempts and lock. Wrong attempts count from the order's last
 * change (updated_at): a move, or an admin's unlock, which is the only change a picked-up order
 * sees before it is delivered. So after an unlock they count afresh, and the history stays.
 * Attempts and unlocks take the wall clock (clock_timestamp), not their transaction's start, so
 * an attempt that waited on the row lock while an unlock committed still counts after it.
 */

/** The order's code and lock, its row locked until the transaction ends: attempts on one order take turns. */
export async function lockOrderCode(db: Queryable, orderId: string) {
  const [row] = await db
    .select({ code: orders.deliveryCode, locked: orders.deliveryCodeLocked })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row;
}

export async function recordAttempt(db: Queryable, orderId: string, driverId: string, succeeded: boolean) {
  await db.insert(deliveryCodeAttempts).values({ orderId, driverId, succeeded, createdAt: sql`clock_timestamp()` });
}

/** Wrong attempts since the order last changed (see above). */
export async function countWrongAttempts(db: Queryable, orderId: string): Promise<number> {
  const [row] = await db
    .select({ wrong: count() })
    .from(deliveryCodeAttempts)
    .innerJoin(orders, eq(orders.id, deliveryCodeAttempts.orderId))
    .where(
      and(
        eq(deliveryCodeAttempts.orderId, orderId),
        eq(deliveryCodeAttempts.succeeded, false),
        gt(deliveryCodeAttempts.createdAt, orders.updatedAt),
      ),
    );
  return row?.wrong ?? 0;
}

export async function lockCode(db: Queryable, orderId: string) {
  await db.update(orders).set({ deliveryCodeLocked: true }).where(eq(orders.id, orderId));
}

/** Unlocks a locked code and restarts the count of wrong attempts; the order's driver, or undefined when it was not locked. */
export async function unlockCode(db: Queryable, orderId: string) {
  const [row] = await db
    .update(orders)
    .set({ deliveryCodeLocked: false, updatedAt: sql`clock_timestamp()` })
    .where(and(eq(orders.id, orderId), eq(orders.deliveryCodeLocked, true)))
    .returning({ driverId: orders.driverId, status: orders.status });
  return row;
}
