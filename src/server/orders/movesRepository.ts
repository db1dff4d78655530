import { and, eq, isNull, sql } from 'drizzle-orm';
import type { OrderStatus } from '@shared/orders/status.js';
import type { Tx } from '../db/client.js';
import { orders } from '../db/schema.js';
import { postOrderDelivered, postOrderRefunded, postPaymentKept } from '../ledger/orderPostings.js';
import { adjustPlatformDay } from './platformDays.js';
import { adjustRolledDay, ORDER_DAY, TODAY } from './salesDays.js';

export interface StatusChange {
  orderId: string;
  from: OrderStatus;
  to: OrderStatus;
  /** The driver the order had when the move was judged; the move only happens if it still has them. */
  driverBefore: string | null;
  /** Set along with the status: the driver who accepts, or null when the driver gives the order back. */
  driverAfter?: string | null;
  /** Kept with the move when support closes the order by hand: why, and which admin. */
  closure?: { reason: string; by: string };
  /** Support cancels a paid card order and keeps the payment (the food was made): the ledger posts payment_kept, not a refund. */
  keepsPayment?: boolean;
}

/**
 * The conditional UPDATE every move goes through: it changes the row only while it is still as
 * the policy saw it (same status, same driver), so of two people moving one order exactly one wins.
 * A move of an order placed before today (UTC, by the database's clock) also corrects its
 * rolled-up sales day and the platform's if they have one (salesDays.ts, platformDays.ts), in the
 * same transaction. A move to delivered posts the order's money on the ledger, and a move to
 * cancelled the refund of its card payment if it was paid (ledger/orderPostings.ts), in the same
 * transaction too: one statement each.
 */
export async function updateStatusIfCurrent(tx: Tx, change: StatusChange) {
  const sameDriver = change.driverBefore === null ? isNull(orders.driverId) : eq(orders.driverId, change.driverBefore);
  const [row] = await tx
    .update(orders)
    .set({
      status: change.to,
      updatedAt: sql`now()`,
      ...(change.driverAfter !== undefined ? { driverId: change.driverAfter } : {}),
      ...(change.closure ? { closedReason: change.closure.reason, closedBy: change.closure.by } : {}),
      // A driver giving the order back moves it to ready again: it was ready when the kitchen said so.
      ...(change.to === 'ready' ? { readyAt: sql`coalesce(${orders.readyAt}, now())` } : {}),
      ...(change.to === 'picked_up' ? { pickedUpAt: sql`now()` } : {}),
    })
    .where(and(eq(orders.id, change.orderId), eq(orders.status, change.from), sameDriver))
    .returning({
      id: orders.id,
      restaurantId: orders.restaurantId,
      customerId: orders.customerId,
      driverId: orders.driverId,
      status: orders.status,
      // As text, to the microsecond: a later check compares it with the row's (orders.updated_at).
      movedAt: sql<string>`${orders.updatedAt}::text`,
      placedBeforeToday: sql<boolean>`${sql.raw(ORDER_DAY)} < ${sql.raw(TODAY)}`,
      day: sql<string>`${sql.raw(ORDER_DAY)}::text`,
      totalAmount: orders.totalAmount,
      commissionAmount: orders.commissionAmount,
      restaurantPayout: orders.restaurantPayout,
      currencySymbol: orders.currencySymbol,
    });
  if (!row) return undefined;
  if (change.to === 'delivered') await postOrderDelivered(tx, change.orderId);
  if (change.to === 'cancelled') await (change.keepsPayment ? postPaymentKept : postOrderRefunded)(tx, change.orderId);
  const { placedBeforeToday, day, totalAmount, commissionAmount, restaurantPayout, currencySymbol, ...moved } = row;
  if (placedBeforeToday) {
    const figures = { restaurantId: moved.restaurantId, day, totalAmount, commissionAmount, restaurantPayout };
    await adjustRolledDay(tx, figures, change.from, change.to);
    await adjustPlatformDay(tx, { day, currencySymbol, totalAmount, commissionAmount }, change.from, change.to);
  }
  return moved;
}
