import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { PAYMENT_MESSAGES } from '@shared/payments/schemas.js';
import { HOURS_MESSAGES } from '@shared/restaurants/hours.js';
import { checkoutIntents, emailOutbox, menuItems, payments, refunds, restaurants } from '../db/schema.js';
import type { Db } from '../db/client.js';
import { moveAs } from '../orders/testOrders.js';
import { createUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { jobsOf, retriesDueNow, waitForJobs } from '../test/jobs.js';
import { paystackTestConfig, usePaystackStandIn } from '../test/paystack.js';
import { useRestarts } from '../test/restarts.js';
import { paymentContext } from './context.js';
import { sendRefund } from './refunds.js';
import { cardScene } from './testCard.js';

const paymentOfOrder = async (db: Db, orderId: string) =>
  (await db.select().from(payments).where(eq(payments.orderId, orderId)))[0];

describe('card refunds: cancelled paid orders, and payments that cannot become an order', () => {
  const paystack = usePaystackStandIn();
  const t = useTestApp(() => paystackTestConfig(paystack));
  const { verify, webhook, intentScene, paidOrder, orderCount, startIntent, cart } = cardScene(t);

  const cancel = (headers: Record<string, string>, orderId: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, headers, payload: { status: 'cancelled' } });

  const paymentOf = (orderId: string) => paymentOfOrder(t.app.db, orderId);

  const refundOf = async (reference: string) =>
    (await t.app.db.select().from(refunds).where(eq(refunds.reference, reference)))[0];

  const refundEmailsTo = async (email: string) =>
    t.app.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, email))
      .then((rows) => rows.filter((row) => row.subject === 'Your ChopChop payment is being refunded'));

  /** Lets an owed refund's next attempt happen now rather than two minutes later. */
  const forgetAttempts = () => t.app.db.update(refunds).set({ attemptedAt: new Date(Date.now() - 3 * 60_000) });

  it('the kitchen cancelling a paid card order refunds it in full and records the refund on the payment', async () => {
    const { owner, customer, intent, orderId } = await paidOrder(paystack);
    expect((await cancel(owner.authHeader, orderId)).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await paymentOf(orderId))?.paymentStatus).toBe('refunded'));
    await vi.waitFor(() => expect(paystack.refunds).toEqual([{ transaction: intent.reference, amount: 11099 }]));
    expect(await refundOf(intent.reference)).toMatchObject({
      orderId,
      amount: 11099,
      reason: PAYMENT_MESSAGES.orderCancelled,
      refundedAt: expect.any(Date),
    });
    const mine = await t.app.inject({ method: 'GET', url: '/api/orders/mine', headers: customer.authHeader });
    expect(mine.json<{ items: object[] }>().items).toEqual([
      expect.objectContaining({ id: orderId, status: 'cancelled', paymentMethod: 'paystack-card', paymentStatus: 'refunded' }),
    ]);
  });

  it('an admin cancelling a paid card order refunds it too', async () => {
    const { orderId, intent } = await paidOrder(paystack);
    const admin = await createUser(t, { role: 'admin' });
    expect((await cancel(admin.authHeader, orderId)).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await paymentOf(orderId))?.paymentStatus).toBe('refunded'));
    await vi.waitFor(() => expect(paystack.refunds).toEqual([{ transaction: intent.reference, amount: 11099 }]));
  });

  it('a refund Paystack cannot take now stays owed, and a later try of its job sends it, once', async () => {
    const { owner, orderId } = await paidOrder(paystack);
    paystack.failRefunds(true);
    expect((await cancel(owner.authHeader, orderId)).statusCode).toBe(200);
    const [failed] = await waitForJobs(t.app.db, 'refund', ([job]) => job?.state === 'retry');
    expect(failed!.output?.message).toBeTruthy();
    expect((await paymentOf(orderId))?.paymentStatus).toBe('completed');
    expect(paystack.refunds).toEqual([]);

    paystack.failRefunds(false);
    await retriesDueNow(t.app.db, 'refund');
    await waitForJobs(t.app.db, 'refund', ([job]) => job?.state === 'completed');
    expect((await paymentOf(orderId))?.paymentStatus).toBe('refunded');
    expect(paystack.refunds).toHaveLength(1);
  });

  it('a refund Paystack took but we never recorded is recorded by the next try, not asked for forever', async () => {
    const { owner, intent, orderId } = await paidOrder(paystack);
    expect((await cancel(owner.authHeader, orderId)).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await refundOf(intent.reference))?.refundedAt).toBeInstanceOf(Date));
    // As if the process had died between Paystack's answer and our write.
    await t.app.db.update(refunds).set({ refundedAt: null }).where(eq(refunds.reference, intent.reference));
    await forgetAttempts();

    await sendRefund(paymentContext(t.app), (await refundOf(intent.reference))!.id);
    expect(await refundOf(intent.reference)).toMatchObject({ refundedAt: expect.any(Date) });
    expect(paystack.refunds).toHaveLength(1);
  });

  it('two tries of one refund at once ask Paystack once', async () => {
    const { owner, intent, orderId } = await paidOrder(paystack);
    paystack.failRefunds(true);
    await cancel(owner.authHeader, orderId);
    await waitForJobs(t.app.db, 'refund', ([job]) => job?.state === 'retry');
    paystack.failRefunds(false);
    const { id } = (await refundOf(intent.reference))!;
    const ctx = paymentContext(t.app);
    const askedBefore = paystack.calls.refund ?? 0;
    const tries = await Promise.allSettled(Array.from({ length: 5 }, () => sendRefund(ctx, id)));
    expect(tries.filter((outcome) => outcome.status === 'fulfilled').length).toBeGreaterThanOrEqual(1);
    expect(paystack.calls.refund).toBe(askedBefore + 1);
    expect(paystack.refunds).toHaveLength(1);
  });

  it('cancelling a cash order owes no refund', async () => {
    const { owner, restaurant, jollof } = await cardScene(t).openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...customer.authHeader, 'idempotency-key': crypto.randomUUID() },
      payload: {
        restaurantId: restaurant.id,
        items: [{ menuItemId: jollof.id, quantity: 1 }],
        deliveryAddress: '4 Ring Road, Accra',
        deliveryPhone: '+233 24 555 0101',
        paymentMethod: 'cash',
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await cancel(owner.authHeader, placed.json<{ id: string }>().id)).statusCode).toBe(200);
    expect(await jobsOf(t.app.db, 'refund')).toEqual([]);
    expect(await t.app.db.select().from(refunds)).toEqual([]);
    expect(paystack.calls.refund).toBe(0);
  });

  it('a payment for a restaurant that closed meanwhile makes no order: it is refunded and the customer told why', async () => {
    const { customer, intent, restaurant } = await intentScene();
    await t.app.db.update(restaurants).set({ isActive: false }).where(eq(restaurants.id, restaurant.id));
    paystack.pay(intent.reference);
    const res = await verify(customer, intent.reference);
    expect(res.statusCode).toBe(422);
    const told = PAYMENT_MESSAGES.verificationFailed(PAYMENT_MESSAGES.willBeRefunded(PAYMENT_MESSAGES.restaurantClosed));
    expect(res.json()).toMatchObject({ error: { message: told } });
    expect(told).toBe('Payment verification failed: The restaurant is no longer taking orders. Your payment will be refunded.');
    expect(await orderCount()).toBe(0);
    await vi.waitFor(() => expect(paystack.refunds).toEqual([{ transaction: intent.reference, amount: 11099 }]));
    const [stored] = await t.app.db.select().from(checkoutIntents).where(eq(checkoutIntents.reference, intent.reference));
    expect(stored?.status).toBe('refunded');
    const [email] = await refundEmailsTo(customer.email);
    expect(email?.body).toContain('GH₵110.99');
    expect(email?.body).toContain(PAYMENT_MESSAGES.restaurantClosed);

    // The webhook and a second verify find it settled: no order, no second refund, no second email.
    const { body, signature } = paystack.chargeSuccess(intent.reference);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect((await verify(customer, intent.reference)).json()).toMatchObject({ error: { message: told } });
    expect(await orderCount()).toBe(0);
    expect(paystack.refunds).toHaveLength(1);
    expect(await refundEmailsTo(customer.email)).toHaveLength(1);
  });

  it('a payment that completes after the restaurant closed for the day, or paused new orders, is refunded', async () => {
    const closedToday = { weekly: [[], [], [], [], [], [], []], closedDates: [] };
    for (const change of [{ openingHours: closedToday }, { ordersPaused: true }]) {
      const { customer, intent, restaurant } = await intentScene();
      await t.app.db.update(restaurants).set(change).where(eq(restaurants.id, restaurant.id));
      paystack.pay(intent.reference);
      const res = await verify(customer, intent.reference);
      expect(res.statusCode).toBe(422);
      expect(res.json().error.message).toBe(
        PAYMENT_MESSAGES.verificationFailed(PAYMENT_MESSAGES.willBeRefunded(PAYMENT_MESSAGES.restaurantClosed)),
      );
      await vi.waitFor(() => expect(paystack.refunds).toContainEqual({ transaction: intent.reference, amount: 11099 }));
    }
    expect(await orderCount()).toBe(0);
  });

  it('a card checkout is refused before any payment while the restaurant is closed', async () => {
    const { restaurant, jollof } = await cardScene(t).openKitchen();
    await t.app.db
      .update(restaurants)
      .set({ openingHours: { weekly: [[], [], [], [], [], [], []], closedDates: [] } })
      .where(eq(restaurants.id, restaurant.id));
    const customer = await createUser(t, { role: 'customer' });
    const res = await startIntent(customer, cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }]));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(HOURS_MESSAGES.closedNow(null));
    expect(paystack.calls.initialize ?? 0).toBe(0);
  });

  it('a payment for a dish no longer available, arriving by webhook, is refunded naming the dish', async () => {
    const { customer, intent, kelewele } = await intentScene();
    await t.app.db.update(menuItems).set({ isAvailable: false }).where(eq(menuItems.id, kelewele.id));
    paystack.pay(intent.reference);
    const { body, signature } = paystack.chargeSuccess(intent.reference);
    expect((await webhook(body, signature)).statusCode).toBe(200);
    expect(await orderCount()).toBe(0);
    await vi.waitFor(() => expect(paystack.refunds).toEqual([{ transaction: intent.reference, amount: 11099 }]));
    expect((await verify(customer, intent.reference)).json()).toMatchObject({
      error: { message: 'Payment verification failed: Kelewele can no longer be ordered. Your payment will be refunded.' },
    });
  });

  it('a payment arriving after its intent expired is refunded, not made into an order', async () => {
    const { customer, intent } = await intentScene();
    await t.app.db.update(checkoutIntents).set({ status: 'expired' }).where(eq(checkoutIntents.reference, intent.reference));
    paystack.pay(intent.reference);
    const res = await verify(customer, intent.reference);
    expect(res.json()).toMatchObject({
      error: { message: PAYMENT_MESSAGES.verificationFailed(PAYMENT_MESSAGES.willBeRefunded(PAYMENT_MESSAGES.paidAfterExpiry)) },
    });
    expect(await orderCount()).toBe(0);
    await vi.waitFor(() => expect(paystack.refunds).toEqual([{ transaction: intent.reference, amount: 11099 }]));
  });

  it('an expired intent nobody paid stays expired: verify asks Paystack and refunds nothing', async () => {
    const { customer, intent } = await intentScene();
    await t.app.db.update(checkoutIntents).set({ status: 'expired' }).where(eq(checkoutIntents.reference, intent.reference));
    expect((await verify(customer, intent.reference)).json()).toMatchObject({
      error: { message: PAYMENT_MESSAGES.verificationFailed(PAYMENT_MESSAGES.expired) },
    });
    expect(paystack.calls.refund).toBe(0);
  });
});

describe('card refunds across a crash', () => {
  const paystack = usePaystackStandIn();
  const restarts = useRestarts(() => paystackTestConfig(paystack));

  it('sends a refund queued by a process that died before sending it, once, from the app started after it', async () => {
    const { intent, orderId } = await restarts.crashAfter(async (crashed) => {
      const paid = await cardScene(crashed).paidOrder(paystack);
      expect((await moveAs(crashed, paid.owner, paid.orderId, 'cancelled')).statusCode).toBe(200);
      return paid;
    });
    const { db } = restarts.database;
    expect(await jobsOf(db, 'refund')).toEqual([expect.objectContaining({ state: 'created' })]);
    expect(paystack.refunds).toEqual([]);

    await restarts.start();
    await waitForJobs(db, 'refund', ([job]) => job?.state === 'completed');
    expect(paystack.refunds).toEqual([{ transaction: intent.reference, amount: 11099 }]);
    expect(paystack.calls.refund).toBe(1);
    expect((await paymentOfOrder(db, orderId))?.paymentStatus).toBe('refunded');
  });
});
