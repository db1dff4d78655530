import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { MAX_ORDER_TOTAL, type OrderView } from '@shared/orders/schemas.js';
import { PAYMENT_MESSAGES, type CardIntentInput, type CardIntentView } from '@shared/payments/schemas.js';
import { topics } from '@shared/realtime/events.js';
import { currencyCodeFor } from '@shared/restaurants/currency.js';
import type { Config } from '../config.js';
import type { AuthUser } from '../core/identity.js';
import type { Database } from '../db/client.js';
import { notFound, unauthorized, unprocessable } from '../http/errors.js';
import { refusal } from '../orders/checkout.js';
import { newDeliveryCode } from '../orders/deliveryCode.js';
import { findOrderLines, findOrderRow, priceCart } from '../orders/repository.js';
import { linesByOrder, toOrderView } from '../orders/views.js';
import { transactionWithEvents } from '../realtime/publish.js';
import {
  initializeTransaction,
  isSignedByPaystack,
  chargeEventSchema,
  verifyTransaction,
  type PaystackKeys,
} from './paystack.js';
import {
  claimPendingIntent,
  expireIntent,
  findCustomerEmail,
  findIntent,
  findIntentsToSweep,
  insertCardOrder,
  insertIntent,
  linkIntentToOrder,
  markIntentChecked,
  markIntentFailed,
  markIntentForReview,
  type IntentRow,
} from './repository.js';

/** An abandoned intent expires after this long (sweepCardIntents). */
export const INTENT_LIFETIME_MS = 30 * 60 * 1000;

export interface PaymentContext {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
}

/** Paystack's keys when card payments are on: both keys set (config.ts refuses one without the other). */
export function paystackKeys(config: Config): PaystackKeys | undefined {
  if (!config.PAYSTACK_PUBLIC_KEY || !config.PAYSTACK_SECRET_KEY) return undefined;
  return { apiUrl: config.PAYSTACK_API_URL, secretKey: config.PAYSTACK_SECRET_KEY };
}

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
  const priced = await priceCart(database.statements, input.restaurantId, input.items, MAX_ORDER_TOTAL);
  if (!priced) throw await refusal(database, input);
  if (priced.totalAmount <= 0) throw unprocessable(PAYMENT_MESSAGES.error('there is nothing to pay'));
  const email = await findCustomerEmail(database.db, customer.userId);
  if (!email) throw unauthorized();

  const reference = newReference();
  const currency = currencyCodeFor(priced.currencySymbol);
  await insertIntent(database.db, {
    reference,
    customerId: customer.userId,
    restaurantId: input.restaurantId,
    amount: priced.totalAmount,
    currency,
    expiresAt: new Date(Date.now() + INTENT_LIFETIME_MS),
    payload: {
      deliveryAddress: input.deliveryAddress,
      deliveryPhone: input.deliveryPhone,
      deliveryLatitude: input.deliveryLatitude ?? null,
      deliveryLongitude: input.deliveryLongitude ?? null,
      notes: input.notes || null,
      currencySymbol: priced.currencySymbol,
      commissionBps: priced.commissionBps,
      commissionAmount: priced.commissionAmount,
      restaurantLatitude: priced.restaurantLatitude,
      restaurantLongitude: priced.restaurantLongitude,
      lines: priced.lines,
    },
  });
  try {
    const accessCode = await initializeTransaction(keys, { email, amount: priced.totalAmount, currency, reference });
    return { reference, accessCode, amount: priced.totalAmount, currency };
  } catch (error) {
    await markIntentFailed(database.db, reference);
    throw error;
  }
}

/** What Paystack says was paid for a reference, by its verify API or its signed webhook. */
export interface Payment {
  status: string | undefined;
  amount: number;
  currency: string;
}

export type Completion = { outcome: 'completed' | 'already'; orderId: string } | { outcome: 'refused'; reason: string };

/**
 * The one function both the browser's verify and Paystack's webhook complete an intent with.
 * A successful payment of the intent's amount and currency turns the pending intent into the
 * order, its lines and a completed card payment in one transaction, guarded by the conditional
 * update of the intent (claimPendingIntent): whoever comes first writes the order, the other
 * finds it done and gets the same order id. A payment of another amount or currency creates
 * nothing: the intent waits for review.
 */
export async function completeIntent(ctx: PaymentContext, intent: IntentRow, payment: Payment): Promise<Completion> {
  if (intent.status === 'completed' && intent.orderId) return { outcome: 'already', orderId: intent.orderId };
  if (intent.status === 'review') return { outcome: 'refused', reason: PAYMENT_MESSAGES.underReview };
  if (intent.status === 'expired' || intent.status === 'failed') return { outcome: 'refused', reason: PAYMENT_MESSAGES.expired };
  if (payment.status !== 'success') return { outcome: 'refused', reason: PAYMENT_MESSAGES.notPaid };

  if (payment.amount !== intent.amount || payment.currency.toUpperCase() !== intent.currency) {
    const reason = `paid ${payment.amount} ${payment.currency.slice(0, 8)}, expected ${intent.amount} ${intent.currency}`;
    if (await markIntentForReview(ctx.database.db, intent.reference, reason)) {
      ctx.log.warn({ intentId: intent.id, reason }, 'card payment does not match its checkout intent: set aside for review');
      return { outcome: 'refused', reason: PAYMENT_MESSAGES.mismatch };
    }
    return settledMeanwhile(ctx, intent.reference);
  }

  const orderId = randomUUID();
  const claimed = await transactionWithEvents(ctx.database.db, async (tx, raise) => {
    const claim = await claimPendingIntent(tx, intent.reference);
    if (!claim) return false;
    await insertCardOrder(tx, {
      id: orderId,
      customerId: claim.customerId,
      restaurantId: claim.restaurantId,
      amount: claim.amount,
      reference: claim.reference,
      deliveryCode: newDeliveryCode(),
      payload: claim.payload,
    });
    await linkIntentToOrder(tx, claim.id, orderId);
    raise({ topic: topics.restaurant(claim.restaurantId), type: 'order.created', orderId, status: 'pending' });
    return true;
  });
  return claimed ? { outcome: 'completed', orderId } : settledMeanwhile(ctx, intent.reference);
}

/** The intent another caller settled while this one was deciding. */
async function settledMeanwhile(ctx: PaymentContext, reference: string): Promise<Completion> {
  const now = await findIntent(ctx.database.db, reference);
  if (now?.status === 'completed' && now.orderId) return { outcome: 'already', orderId: now.orderId };
  return { outcome: 'refused', reason: now?.status === 'review' ? PAYMENT_MESSAGES.underReview : PAYMENT_MESSAGES.expired };
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
  if (intent.status !== 'pending') {
    // Settled already (completed, under review, expired or failed): Paystack has nothing to add.
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
  const row = await findOrderRow(db, orderId);
  if (!row) throw notFound(PAYMENT_MESSAGES.intentNotFound);
  const lines = await findOrderLines(db, [orderId]);
  return toOrderView(row, linesByOrder(lines).get(orderId) ?? [], customer);
}

/**
 * POST /api/payments/paystack/webhook: Paystack's events, trusted only with a valid signature
 * over the raw body (401 otherwise, before anything is read). charge.success completes its
 * intent like a verify would; other events and unknown references are acknowledged and ignored,
 * so Paystack does not retry them.
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
  const event = chargeEventSchema.safeParse(json);
  if (!event.success || event.data.event !== 'charge.success') return;
  const intent = await findIntent(ctx.database.db, event.data.data.reference);
  if (!intent) return;
  const { status, amount, currency } = event.data.data;
  const completion = await completeIntent(ctx, intent, { status: status ?? 'success', amount, currency });
  if (completion.outcome === 'refused') ctx.log.info({ intentId: intent.id }, 'paystack webhook: intent not completed');
}

/** Intents one sweep looks at, at most; more wait for the next sweep. */
export const SWEEP_BATCH = 100;

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
 * Paystack cannot be reached nothing expires. Safe to run on several instances at once.
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
