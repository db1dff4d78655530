import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../db/client.js';
import { checkoutIntents, menuItems, orderItems, orders, payments, users } from '../db/schema.js';

/** What an intent stores of its checkout: the cart as priced and the delivery, exactly as the order will be written. */
export interface IntentPayload {
  deliveryAddress: string;
  deliveryPhone: string;
  deliveryLatitude: number | null;
  deliveryLongitude: number | null;
  notes: string | null;
  currencySymbol: string;
  commissionBps: number;
  commissionAmount: number;
  restaurantLatitude: number | null;
  restaurantLongitude: number | null;
  lines: { menuItemId: string; name: string; quantity: number; price: number }[];
}

export interface NewIntent {
  reference: string;
  customerId: string;
  restaurantId: string;
  payload: IntentPayload;
  amount: number;
  currency: string;
  expiresAt: Date;
}

export async function insertIntent(db: Queryable, intent: NewIntent): Promise<void> {
  await db.insert(checkoutIntents).values(intent);
}

export async function findCustomerEmail(db: Queryable, userId: string): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email;
}

const intentColumns = {
  id: checkoutIntents.id,
  reference: checkoutIntents.reference,
  customerId: checkoutIntents.customerId,
  restaurantId: checkoutIntents.restaurantId,
  amount: checkoutIntents.amount,
  currency: checkoutIntents.currency,
  status: checkoutIntents.status,
  orderId: checkoutIntents.orderId,
  expiresAt: checkoutIntents.expiresAt,
};
export type IntentRow = NonNullable<Awaited<ReturnType<typeof findIntent>>>;

export async function findIntent(db: Queryable, reference: string) {
  const [row] = await db.select(intentColumns).from(checkoutIntents).where(eq(checkoutIntents.reference, reference)).limit(1);
  return row;
}

/**
 * The one step that decides which caller completes an intent: pending to completed, or nothing
 * when it is no longer pending. A second caller's UPDATE waits for the first's transaction and
 * then finds the row completed, so exactly one of them goes on to write the order.
 */
export async function claimPendingIntent(tx: Tx, reference: string) {
  const [row] = await tx
    .update(checkoutIntents)
    .set({ status: 'completed', completedAt: sql`now()` })
    .where(and(eq(checkoutIntents.reference, reference), eq(checkoutIntents.status, 'pending')))
    .returning({ ...intentColumns, payload: checkoutIntents.payload });
  return row ? { ...row, payload: row.payload as IntentPayload } : undefined;
}

export async function linkIntentToOrder(tx: Tx, intentId: string, orderId: string): Promise<void> {
  await tx.update(checkoutIntents).set({ orderId }).where(eq(checkoutIntents.id, intentId));
}

/** A pending intent set aside for review (paid, but not as asked); false when it was no longer pending. */
export async function markIntentForReview(db: Queryable, reference: string, reason: string): Promise<boolean> {
  const rows = await db
    .update(checkoutIntents)
    .set({ status: 'review', reviewReason: reason })
    .where(and(eq(checkoutIntents.reference, reference), eq(checkoutIntents.status, 'pending')))
    .returning({ id: checkoutIntents.id });
  return rows.length > 0;
}

/** A pending intent Paystack never started (initialize failed): failed, so nothing can complete it. */
export async function markIntentFailed(db: Queryable, reference: string): Promise<void> {
  await db
    .update(checkoutIntents)
    .set({ status: 'failed' })
    .where(and(eq(checkoutIntents.reference, reference), eq(checkoutIntents.status, 'pending')));
}

export interface CardOrder {
  id: string;
  customerId: string;
  restaurantId: string;
  amount: number;
  reference: string;
  deliveryCode: string;
  payload: IntentPayload;
}

/**
 * Writes a paid card order from its intent: the order (pending, for the restaurant to confirm),
 * its lines at the intent's prices and a completed paystack-card payment with the reference.
 * Call it inside the transaction that claimed the intent. A menu item deleted since the intent
 * keeps its line, without the link (as order_items does when an item is deleted later).
 */
export async function insertCardOrder(tx: Tx, order: CardOrder): Promise<void> {
  const { payload } = order;
  await tx.insert(orders).values({
    id: order.id,
    customerId: order.customerId,
    restaurantId: order.restaurantId,
    status: 'pending',
    totalAmount: order.amount,
    commissionAmount: payload.commissionAmount,
    restaurantPayout: order.amount - payload.commissionAmount,
    commissionBps: payload.commissionBps,
    currencySymbol: payload.currencySymbol,
    deliveryAddress: payload.deliveryAddress,
    deliveryPhone: payload.deliveryPhone,
    deliveryLatitude: payload.deliveryLatitude,
    deliveryLongitude: payload.deliveryLongitude,
    restaurantLatitude: payload.restaurantLatitude,
    restaurantLongitude: payload.restaurantLongitude,
    deliveryCode: order.deliveryCode,
    notes: payload.notes,
  });
  const itemIds = payload.lines.map((line) => line.menuItemId);
  const existing = new Set(
    (await tx.select({ id: menuItems.id }).from(menuItems).where(inArray(menuItems.id, itemIds))).map((row) => row.id),
  );
  await tx.insert(orderItems).values(
    payload.lines.map((line) => ({
      orderId: order.id,
      menuItemId: existing.has(line.menuItemId) ? line.menuItemId : null,
      name: line.name,
      quantity: line.quantity,
      price: line.price,
    })),
  );
  await tx.insert(payments).values({
    orderId: order.id,
    amount: order.amount,
    paymentMethod: 'paystack-card',
    paymentStatus: 'completed',
    transactionReference: order.reference,
  });
}

/** How long an intent waits before the sweep asks Paystack about it, and between two asks. */
export const SWEEP_AFTER = sql.raw("interval '2 minutes'");

/**
 * Pending intents the sweep should ask Paystack about, oldest first: waiting more than two
 * minutes and not asked in the last two, or past their expiry. Read from checkout_intents_pending_idx.
 */
export function findIntentsToSweep(db: Queryable, limit: number) {
  return db
    .select(intentColumns)
    .from(checkoutIntents)
    .where(
      and(
        eq(checkoutIntents.status, 'pending'),
        lt(checkoutIntents.createdAt, sql`now() - ${SWEEP_AFTER}`),
        or(
          isNull(checkoutIntents.checkedAt),
          lt(checkoutIntents.checkedAt, sql`now() - ${SWEEP_AFTER}`),
          lte(checkoutIntents.expiresAt, sql`now()`),
        ),
      ),
    )
    .orderBy(asc(checkoutIntents.createdAt))
    .limit(limit);
}

export async function markIntentChecked(db: Queryable, id: string): Promise<void> {
  await db
    .update(checkoutIntents)
    .set({ checkedAt: sql`now()` })
    .where(eq(checkoutIntents.id, id));
}

/** A pending intent past its expiry, expired; false when it was paid or settled meanwhile, or is not due. */
export async function expireIntent(db: Queryable, id: string): Promise<boolean> {
  const rows = await db
    .update(checkoutIntents)
    .set({ status: 'expired', checkedAt: sql`now()` })
    .where(and(eq(checkoutIntents.id, id), eq(checkoutIntents.status, 'pending'), lte(checkoutIntents.expiresAt, sql`now()`)))
    .returning({ id: checkoutIntents.id });
  return rows.length > 0;
}
