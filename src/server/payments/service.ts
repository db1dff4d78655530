import { randomBytes, randomUUID } from 'node:crypto';
import { CHECKOUT_MESSAGES, MAX_ORDER_TOTAL, type OrderView } from '@shared/orders/schemas.js';
import { lineName } from '@shared/menu/options.js';
import { PAYMENT_MESSAGES, type CardIntentInput, type CardIntentView } from '@shared/payments/schemas.js';
import { topics } from '@shared/realtime/events.js';
import { currencyCodeFor } from '@shared/restaurants/currency.js';
import { openingState } from '@shared/restaurants/hours.js';
import type { AuthUser } from '../core/identity.js';
import type { IntentStatus } from '../db/schema.js';
import type { Tx } from '../db/client.js';
import { statementsIn } from '../db/statements.js';
import { conflict, notFound, unauthorized, unprocessable } from '../http/errors.js';
import type { Jobs } from '../jobs/jobs.js';
import { canBeOrdered, checkCart } from '../orders/checkout/checks.js';
import { priceCart } from '../orders/checkout/pricing.js';
import { checkDeliveryPhone, checkTakingOrders, findCheckoutKitchen } from '../orders/checkout/kitchen.js';
import { postOrderPaid } from '../ledger/orderPostings.js';
import { deliveryTerms, NO_DELIVERY, pinOf } from '../orders/checkout/delivery.js';
import { refusal } from '../orders/checkout/refusal.js';
import { writeOrder } from '../orders/checkout/writeOrder.js';
import { newDeliveryCode } from '../orders/deliveryCode.js';
import { queueNewOrderPush } from '../orders/pushes.js';
import { findListedOrderRow } from '../orders/listsRepository.js';
import { findOrderLines } from '../orders/viewsRepository.js';
import { linesByOrder, toOrderView } from '../orders/views.js';
import { transactionWithEvents } from '../realtime/publish.js';
import { paystackKeys, type PaymentContext } from './context.js';
import { initializeTransaction, isSignedByPaystack, chargeEventSchema, verifyTransaction } from './paystack.js';
import { insertIntentWithin } from './openIntents.js';
import { queueRefund, queueRefundEmail } from './refunds.js';
import {
  claimPendingIntent,
  expireIntent,
  findCustomerEmail,
  findIntent,
  findIntentPayload,
  findIntentsToSweep,
  linkIntentToOrder,
  markIntentChecked,
  markIntentFailed,
  markIntentForReview,
  markIntentRefunded,
  oweRefund,
  type IntentPayload,
  type IntentRow,
} from './repository.js';

/** An abandoned intent expires after this long (sweepCardIntents). */
export const INTENT_LIFETIME_MS = 30 * 60 * 1000;

const newReference = () => `chop-${randomBytes(20).toString('hex')}`;

/**
 * Starts a card checkout (decision 004): prices the cart as a cash checkout would, stores the
 * intent with a new unguessable reference, and asks Paystack for the access code the browser's
 * popup resumes. The browser's idea of any price is never read.
 */
export async function createCardIntent(ctx: PaymentContext, customer: AuthUser, input: CardIntentInput): Promise<CardIntentView> {
  const keys = paystackKeys(ctx.config);
  if (!keys) throw unprocessable(PAYMENT_MESSAGES.cardDisabled);
  const { database } = ctx;
  const kitchen = await findCheckoutKitchen(database.statements, input.restaurantId);
  checkTakingOrders(kitchen);
  checkDeliveryPhone(kitchen, input.deliveryPhone);
  const delivery = deliveryTerms(kitchen, pinOf(input.deliveryLatitude, input.deliveryLongitude), input.deliveryFee);
  const tipAmount = input.tipAmount;
  const maxTotal = MAX_ORDER_TOTAL - delivery.fee - tipAmount;
  const priced = await priceCart(database.statements, input.restaurantId, input.items, { maxTotal, tip: tipAmount });
  if (!priced) throw await refusal(database.db, input, delivery.fee);
  const charge = priced.totalAmount + delivery.fee + tipAmount;
  if (charge <= 0) throw unprocessable(PAYMENT_MESSAGES.error('there is nothing to pay'));
  const email = await findCustomerEmail(database.db, customer.userId);
  if (!email) throw unauthorized();

  const reference = newReference();
  const currency = currencyCodeFor(priced.currencySymbol);
  const maxOpen = ctx.config.RATE_LIMIT_DISABLED ? undefined : ctx.config.RATE_LIMIT_OPEN_CARD_INTENTS_MAX;
  await insertIntentWithin(
    database.db,
    {
      reference,
      customerId: customer.userId,
      restaurantId: input.restaurantId,
      amount: charge,
      currency,
      expiresAt: new Date(Date.now() + INTENT_LIFETIME_MS),
      payload: {
        deliveryAddress: input.deliveryAddress,
        deliveryPhone: input.deliveryPhone,
        deliveryLatitude: input.deliveryLatitude ?? null,
        deliveryLongitude: input.deliveryLongitude ?? null,
        notes: input.notes || null,
        deliveryLandmark: input.deliveryLandmark ?? null,
        deliveryGpsCode: input.deliveryGpsCode ?? null,
        currencySymbol: priced.currencySymbol,
        commissionBps: priced.commissionBps,
        commissionAmount: priced.commissionAmount,
        restaurantLatitude: priced.restaurantLatitude,
        restaurantLongitude: priced.restaurantLongitude,
        lines: priced.lines,
        delivery,
        tipAmount,
      },
    },
    maxOpen,
  );
  try {
    const accessCode = await initializeTransaction(keys, { email, amount: charge, currency, reference });
    return { reference, accessCode, amount: charge, currency };
  } catch (error) {
    await markIntentFailed(database.db, reference);
    throw error;
  }
}

/** What Paystack says was paid for a reference, by its verify API or its signed webhook. */
interface Payment {
  status: string | undefined;
  amount: number;
  currency: string;
  channel?: string;
}

type Completion = { outcome: 'completed' | 'already'; orderId: string } | { outcome: 'refused'; reason: string };

/**
 * The one function both the browser's verify and Paystack's webhook complete an intent with.
 * A successful payment of the intent's amount and currency turns the pending intent into the
 * order, its lines, a completed card payment and the payment on the ledger (money held for the
 * customer until delivery, decision 022) in one transaction, guarded by the conditional
 * update of the intent (claimPendingIntent): whoever comes first writes the order, the other
 * finds it done and gets the same order id. A payment of another amount or currency creates
 * nothing: the intent waits for review. A payment for an order that can no longer be made (the
 * restaurant closed or paused new orders, a dish gone) or that arrived after its intent expired is refunded, and the
 * customer told why.
 */
async function completeIntent(ctx: PaymentContext, intent: IntentRow, payment: Payment): Promise<Completion> {
  const settled = settledAnswer(intent);
  if (settled) return settled;
  const paid = payment.status === 'success';
  if (intent.status === 'expired' && paid) return refundIntent(ctx, intent, 'expired', PAYMENT_MESSAGES.paidAfterExpiry);
  // Declined: nothing was taken, whether or not the checkout has expired since. The intent stays as
  // it is: Paystack's page lets the customer try another card on the same transaction.
  if (payment.status === 'failed') return { outcome: 'refused', reason: PAYMENT_MESSAGES.declined };
  if (intent.status !== 'pending') return { outcome: 'refused', reason: PAYMENT_MESSAGES.expired };
  if (!paid) return { outcome: 'refused', reason: PAYMENT_MESSAGES.notPaid };

  if (payment.amount !== intent.amount || payment.currency.toUpperCase() !== intent.currency) {
    const reason = `paid ${payment.amount} ${payment.currency.slice(0, 8)}, expected ${intent.amount} ${intent.currency}`;
    if (await markIntentForReview(ctx.database.db, intent.reference, reason)) {
      ctx.log.warn({ intentId: intent.id, reason }, 'card payment does not match its checkout intent: set aside for review');
      return { outcome: 'refused', reason: PAYMENT_MESSAGES.mismatch };
    }
    return settledMeanwhile(ctx, intent.reference);
  }

  const orderId = randomUUID();
  const outcome = await transactionWithEvents(ctx.database.db, async (tx, raise) => {
    const claim = await claimPendingIntent(tx, intent.reference);
    if (!claim) return undefined;
    const { payload } = claim;
    const kitchen = await findCheckoutKitchen(statementsIn(tx), claim.restaurantId);
    if (kitchen && !openingState(kitchen.clock).taking) {
      return oweIntentRefund(tx, ctx.jobs, intent, 'completed', payload, PAYMENT_MESSAGES.restaurantClosed);
    }
    const written = await writeOrder(statementsIn(tx), {
      id: orderId,
      customerId: claim.customerId,
      restaurantId: claim.restaurantId,
      status: 'pending',
      deliveryAddress: payload.deliveryAddress,
      deliveryPhone: payload.deliveryPhone,
      deliveryLatitude: payload.deliveryLatitude,
      deliveryLongitude: payload.deliveryLongitude,
      deliveryCode: newDeliveryCode(),
      notes: payload.notes,
      deliveryLandmark: payload.deliveryLandmark ?? null,
      deliveryGpsCode: payload.deliveryGpsCode ?? null,
      lines: payload.lines,
      payment: { method: 'paystack-card', status: 'completed', reference: claim.reference, channel: payment.channel ?? null },
      delivery: payload.delivery ?? NO_DELIVERY,
      tipAmount: payload.tipAmount ?? 0,
      maxTotal: MAX_ORDER_TOTAL,
      agreed: payload,
    });
    if (!written) {
      const reason = await whyIntentCannotBeOrdered(tx, claim.restaurantId, payload);
      return oweIntentRefund(tx, ctx.jobs, intent, 'completed', payload, reason);
    }
    await linkIntentToOrder(tx, claim.id, orderId);
    await postOrderPaid(tx, orderId);
    await queueNewOrderPush(tx, ctx.jobs, kitchen?.pushRecipients ?? [], { id: orderId, ...written });
    for (const topic of [topics.restaurant(claim.restaurantId), topics.allOrders()]) {
      raise({ topic, type: 'order.created', orderId, status: 'pending' });
    }
    return 'completed' as const;
  });
  if (outcome === 'completed') return { outcome, orderId };
  if (outcome) return refusedWithRefund(outcome);
  return settledMeanwhile(ctx, intent.reference);
}

/**
 * Why a paid intent's order was not written, in the customer's words: the restaurant closed, or
 * dishes gone from its menu or unavailable (by the names the intent kept). Nothing wrong any more
 * means the menu changed back meanwhile: 409, the claim is rolled back and the intent stays
 * pending for the next verify or sweep.
 */
async function whyIntentCannotBeOrdered(tx: Tx, restaurantId: string, payload: IntentPayload): Promise<string> {
  const check = await checkCart(tx, restaurantId, payload.lines);
  if (!check.restaurantOpen) return PAYMENT_MESSAGES.restaurantClosed;
  const gone = payload.lines.filter((_line, index) => !canBeOrdered(check.lines[index]!)).map(lineName);
  if (gone.length === 0) throw conflict(CHECKOUT_MESSAGES.menuChanged);
  return PAYMENT_MESSAGES.itemsGone(gone.join(', '));
}

interface OwedRefund {
  reason: string;
}

/**
 * In `tx`: the paid intent, still `from`, becomes refunded with `reason`, owes its refund (with
 * the job that sends it) and queues the customer's email; undefined when it was no longer `from`.
 */
async function oweIntentRefund(
  tx: Tx,
  jobs: Jobs,
  intent: IntentRow,
  from: IntentStatus,
  payload: IntentPayload,
  reason: string,
): Promise<OwedRefund | undefined> {
  const refunded = await markIntentRefunded(tx, intent.reference, from, reason);
  if (!refunded) return undefined;
  await queueRefund(tx, jobs, await oweRefund(tx, { reference: intent.reference, amount: refunded.amount, reason }));
  await queueRefundEmail(tx, jobs, { ...refunded, currencySymbol: payload.currencySymbol, reason });
  return { reason };
}

/** A paid intent that expired meanwhile: refunded rather than made into an order nobody expects. */
async function refundIntent(ctx: PaymentContext, intent: IntentRow, from: IntentStatus, reason: string): Promise<Completion> {
  const owed = await ctx.database.db.transaction(async (tx) => {
    const payload = await findIntentPayload(tx, intent.reference);
    return payload ? oweIntentRefund(tx, ctx.jobs, intent, from, payload, reason) : undefined;
  });
  return owed ? refusedWithRefund(owed) : settledMeanwhile(ctx, intent.reference);
}

/** Once the refund is owed (committed, its job and email queued): the customer is told why. */
function refusedWithRefund(owed: OwedRefund): Completion {
  return { outcome: 'refused', reason: PAYMENT_MESSAGES.willBeRefunded(owed.reason) };
}

/** The intent another caller settled while this one was deciding. */
async function settledMeanwhile(ctx: PaymentContext, reference: string): Promise<Completion> {
  const now = await findIntent(ctx.database.db, reference);
  return (now && settledAnswer(now)) ?? { outcome: 'refused', reason: PAYMENT_MESSAGES.expired };
}

/** The answer for an intent settled for good (order made, never started, under review, refunded); undefined otherwise. */
function settledAnswer(intent: IntentRow): Completion | undefined {
  if (intent.status === 'completed' && intent.orderId) return { outcome: 'already', orderId: intent.orderId };
  // Paystack never started it (initialize failed): nothing could be charged.
  if (intent.status === 'failed') return { outcome: 'refused', reason: PAYMENT_MESSAGES.declined };
  if (intent.status === 'review') return { outcome: 'refused', reason: PAYMENT_MESSAGES.underReview };
  if (intent.status === 'refunded') {
    return { outcome: 'refused', reason: PAYMENT_MESSAGES.willBeRefunded(intent.reason ?? PAYMENT_MESSAGES.notPaid) };
  }
  return undefined;
}

/**
 * POST /api/payments/card/intents/:reference/verify: the customer's browser says Paystack's popup
 * succeeded; the server asks Paystack itself and completes the intent. Someone else's reference
 * is as unknown as a made-up one.
 */
export async function verifyCardPayment(ctx: PaymentContext, customer: AuthUser, reference: string): Promise<OrderView> {
  const intent = await findIntent(ctx.database.db, reference);
  if (!intent || intent.customerId !== customer.userId) throw notFound(PAYMENT_MESSAGES.intentNotFound);
  let completion: Completion;
  if (intent.status !== 'pending' && intent.status !== 'expired') {
    // Settled for good (completed, under review, refunded, failed): Paystack has nothing to add.
    completion = await completeIntent(ctx, intent, { status: undefined, amount: 0, currency: '' });
  } else {
    const keys = paystackKeys(ctx.config);
    if (!keys) throw unprocessable(PAYMENT_MESSAGES.cardDisabled);
    const paid = await verifyTransaction(keys, reference);
    completion = await completeIntent(ctx, intent, paid);
  }
  if (completion.outcome === 'refused') throw unprocessable(PAYMENT_MESSAGES.verificationFailed(completion.reason));
  return orderViewFor(ctx, customer, completion.orderId);
}

async function orderViewFor(ctx: PaymentContext, customer: AuthUser, orderId: string): Promise<OrderView> {
  const { db } = ctx.database;
  const row = await findListedOrderRow(db, orderId);
  if (!row) throw notFound(PAYMENT_MESSAGES.intentNotFound);
  const lines = await findOrderLines(db, [orderId]);
  return toOrderView(row, linesByOrder(lines).get(orderId) ?? [], customer, ctx.config.DELIVERY_AVERAGE_SPEED_KMH);
}

/**
 * POST /api/payments/paystack/webhook: Paystack's events, trusted only with a valid signature
 * over the raw body (401 otherwise, before anything is read). charge.success completes its
 * intent like a verify would; transfer events go to payouts (ctx.transferEvents); other events
 * and unknown references are acknowledged and ignored, so Paystack does not retry them.
 */
export async function receiveWebhook(ctx: PaymentContext, rawBody: unknown, signature: unknown): Promise<void> {
  const keys = paystackKeys(ctx.config);
  if (!keys || !Buffer.isBuffer(rawBody) || !isSignedByPaystack(keys.secretKey, rawBody, signature)) {
    throw unauthorized('Invalid signature');
  }
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return;
  }
  if (isTransferEvent(json)) {
    await ctx.transferEvents?.(json, ctx.log);
    return;
  }
  const event = chargeEventSchema.safeParse(json);
  if (!event.success || event.data.event !== 'charge.success') return;
  const intent = await findIntent(ctx.database.db, event.data.data.reference);
  if (!intent) return;
  const { status, amount, currency, channel } = event.data.data;
  const completion = await completeIntent(ctx, intent, { status: status ?? 'success', amount, currency, channel });
  if (completion.outcome === 'refused') ctx.log.info({ intentId: intent.id }, 'paystack webhook: intent not completed');
}

/** transfer.success, transfer.failed, transfer.reversed and whatever else Paystack says of transfers: payouts' business. */
const isTransferEvent = (json: unknown): json is { event: string } =>
  typeof json === 'object' &&
  json !== null &&
  typeof (json as { event?: unknown }).event === 'string' &&
  (json as { event: string }).event.startsWith('transfer.');

/** Intents one sweep looks at, at most; more wait for the next sweep. */
const SWEEP_BATCH = 100;

export interface SweepResult {
  completed: number;
  expired: number;
  stillPending: number;
  unavailable: number;
}

/**
 * Nothing lost when a browser closes and a webhook goes astray: asks Paystack about every intent
 * pending for more than two minutes (each at most every two minutes) and completes the paid ones
 * through completeIntent, like a verify would; an intent still unpaid after its 30 minutes
 * expires. An intent is expired only after Paystack said it is unpaid, and only while still
 * pending (a conditional update), so a payment racing the expiry still makes its order. While
 * Paystack cannot be reached nothing expires. Owed refunds are not its business: each has a job
 * of its own (refunds.ts). Safe to run on several instances at once.
 */
export async function sweepCardIntents(ctx: PaymentContext): Promise<SweepResult> {
  const result: SweepResult = { completed: 0, expired: 0, stillPending: 0, unavailable: 0 };
  const keys = paystackKeys(ctx.config);
  if (!keys) return result;
  const { db } = ctx.database;
  for (const intent of await findIntentsToSweep(db, SWEEP_BATCH)) {
    let paid: Awaited<ReturnType<typeof verifyTransaction>>;
    try {
      paid = await verifyTransaction(keys, intent.reference);
    } catch {
      result.unavailable += 1;
      continue;
    }
    if (paid.status === 'success') {
      const completion = await completeIntent(ctx, intent, paid);
      if (completion.outcome === 'completed') result.completed += 1;
      continue;
    }
    if (intent.expiresAt.getTime() <= Date.now() && (await expireIntent(db, intent.id))) {
      result.expired += 1;
      continue;
    }
    await markIntentChecked(db, intent.id);
    result.stillPending += 1;
  }
  if (result.unavailable > 0)
    ctx.log.warn({ unavailable: result.unavailable }, 'payment sweep: Paystack did not answer for some intents');
  return result;
}
