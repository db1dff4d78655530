import { and, asc, eq, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { IntentStatus } from '../db/schema.js';
import type { Queryable, Tx } from '../db/client.js';
import { checkoutIntents, payments, refunds, users } from '../db/schema.js';
import type { AgreedPrices, PricedLine } from '../orders/checkout/pricing.js';
import type { DeliveryTerms } from '../orders/checkout/delivery.js';

/** What an intent stores of its checkout: the cart as priced and the delivery, exactly as the order will be written. */
export interface IntentPayload extends AgreedPrices {
  deliveryAddress: string;
  deliveryPhone: string;
  deliveryLatitude: number | null;
  deliveryLongitude: number | null;
  notes: string | null;
  /** Absent from intents made before landmarks and GPS codes. */
  deliveryLandmark?: string | null;
  deliveryGpsCode?: string | null;
  commissionAmount: number;
  /** The delivery and tip agreed (decision 022); absent from intents made before delivery fees. */
  delivery?: DeliveryTerms;
  tipAmount?: number;
}

/** An intent's payload as read back: one made before dishes had choices has lines without them (none picked). */
function storedPayload(payload: unknown): IntentPayload {
  type StoredLine = Omit<PricedLine, 'choiceIds' | 'choices'> & Partial<Pick<PricedLine, 'choiceIds' | 'choices'>>;
  const stored = payload as Omit<IntentPayload, 'lines'> & { lines: StoredLine[] };
  return {
    ...stored,
    lines: stored.lines.map((line) => ({ ...line, choiceIds: line.choiceIds ?? [], choices: line.choices ?? [] })),
  };
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
  /** Why it waits for review or was refunded. */
  reason: checkoutIntents.reviewReason,
};
export type IntentRow = NonNullable<Awaited<ReturnType<typeof findIntent>>>;

export async function findIntent(db: Queryable, reference: string) {
  const [row] = await db.select(intentColumns).from(checkoutIntents).where(eq(checkoutIntents.reference, reference)).limit(1);
  return row;
}

export async function findIntentPayload(db: Queryable, reference: string): Promise<IntentPayload | undefined> {
  const [row] = await db
    .select({ payload: checkoutIntents.payload })
    .from(checkoutIntents)
    .where(eq(checkoutIntents.reference, reference))
    .limit(1);
  return row ? storedPayload(row.payload) : undefined;
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
  return row ? { ...row, payload: storedPayload(row.payload) } : undefined;
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

/** How long an intent waits before the sweep asks Paystack about it, and between two asks. */
const SWEEP_AFTER = sql.raw("interval '2 minutes'");

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

/**
 * A paid intent that will not become an order, from `from` to refunded, with the reason; its
 * amount, or undefined when it was no longer `from` (someone else settled it).
 */
export async function markIntentRefunded(tx: Tx, reference: string, from: IntentStatus, reason: string) {
  const [row] = await tx
    .update(checkoutIntents)
    .set({ status: 'refunded', reviewReason: reason })
    .where(and(eq(checkoutIntents.reference, reference), eq(checkoutIntents.status, from)))
    .returning({ amount: checkoutIntents.amount, customerId: checkoutIntents.customerId });
  return row;
}

/** A refund owed for a Paystack reference; its id, or undefined when that reference already has one. */
export async function oweRefund(
  tx: Queryable,
  refund: { reference: string; amount: number; reason: string; orderId?: string },
): Promise<string | undefined> {
  const [row] = await tx.insert(refunds).values(refund).onConflictDoNothing().returning({ id: refunds.id });
  return row?.id;
}

/** The order's completed paystack-card payment (reference and amount); undefined for cash, unpaid or refunded orders. */
export async function findPaidCardPayment(tx: Queryable, orderId: string) {
  const [payment] = await tx
    .select({ reference: payments.transactionReference, amount: payments.amount })
    .from(payments)
    .where(
      and(eq(payments.orderId, orderId), eq(payments.paymentMethod, 'paystack-card'), eq(payments.paymentStatus, 'completed')),
    )
    .limit(1);
  return payment;
}

export type PaidCardPayment = NonNullable<Awaited<ReturnType<typeof findPaidCardPayment>>>;

/**
 * The refund owed when a paid card order is cancelled: its completed paystack-card payment, in
 * full. Undefined for a cash order, an unpaid one, or one already owed. A caller that has just
 * looked the payment up (findPaidCardPayment) passes it, to spare a second look.
 */
export async function oweRefundForOrder(
  tx: Queryable,
  orderId: string,
  reason: string,
  found?: PaidCardPayment,
): Promise<string | undefined> {
  const payment = found ?? (await findPaidCardPayment(tx, orderId));
  if (!payment?.reference || payment.amount <= 0) return undefined;
  return oweRefund(tx, { reference: payment.reference, amount: payment.amount, reason, orderId });
}

/** How long a claimed refund is left to its sender before another may try it again. */
const REFUND_RETRY_AFTER = sql.raw("interval '2 minutes'");
const refundNotClaimedLately = or(isNull(refunds.attemptedAt), lt(refunds.attemptedAt, sql`now() - ${REFUND_RETRY_AFTER}`));

/**
 * Claims an owed refund for one attempt at Paystack: only one sender at a time (another may
 * retry two minutes later), never once refunded. What to refund, or undefined.
 */
export async function claimRefund(db: Queryable, id: string) {
  const [row] = await db
    .update(refunds)
    .set({ attemptedAt: sql`now()` })
    .where(and(eq(refunds.id, id), isNull(refunds.refundedAt), refundNotClaimedLately))
    .returning({ reference: refunds.reference, amount: refunds.amount });
  return row;
}

/** Paystack accepted the refund: it is recorded, and so is the refunded payment of its order, if any. */
export async function markRefunded(tx: Tx, id: string): Promise<void> {
  const [row] = await tx
    .update(refunds)
    .set({ refundedAt: sql`now()` })
    .where(and(eq(refunds.id, id), isNull(refunds.refundedAt)))
    .returning({ orderId: refunds.orderId });
  if (!row?.orderId) return;
  await tx
    .update(payments)
    .set({ paymentStatus: 'refunded' })
    .where(and(eq(payments.orderId, row.orderId), eq(payments.paymentStatus, 'completed')));
}

/** The refunds Paystack has not accepted yet. */
export async function findOwedRefundIds(db: Queryable): Promise<string[]> {
  const rows = await db.select({ id: refunds.id }).from(refunds).where(isNull(refunds.refundedAt));
  return rows.map((row) => row.id);
}

/** Whether Paystack's refund of `id` is recorded. */
export async function isRefunded(db: Queryable, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.id, id), isNotNull(refunds.refundedAt)));
  return row !== undefined;
}

/** Lets go of a claimed refund Paystack did not take, so its job's next try may claim it at once. */
export async function releaseRefund(db: Queryable, id: string): Promise<void> {
  await db
    .update(refunds)
    .set({ attemptedAt: null })
    .where(and(eq(refunds.id, id), isNull(refunds.refundedAt)));
}
