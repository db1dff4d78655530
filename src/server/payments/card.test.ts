import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES, type OrderView } from '@shared/orders/schemas.js';
import { PAYMENT_MESSAGES, type CardIntentView } from '@shared/payments/schemas.js';
import type { RealtimeEvent } from '@shared/realtime/events.js';
import { checkoutIntents, menuItems, orderItems, orders, payments } from '../db/schema.js';
import { createUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { sign, paystackTestConfig, usePaystackStandIn } from '../test/paystack.js';
import { cardScene } from './testCard.js';
import { listenForEvents } from '../test/raisedEvents.js';

describe('card payments through checkout intents', () => {
  const paystack = usePaystackStandIn();
  const t = useTestApp(() => paystackTestConfig(paystack));

  const { openKitchen, cart, startIntent, verify, webhook, intentScene, orderCount } = cardScene(t);

  it('prices the cart on the server, stores the intent and initializes Paystack with amount, currency and reference', async () => {
    const { customer, intent, restaurant } = await intentScene();
    expect(intent).toEqual({
      reference: expect.stringMatching(/^chop-[0-9a-f]{40}$/),
      accessCode: expect.any(String),
      amount: 11099,
      currency: 'GHS',
    });
    const sent = paystack.transactions.get(intent.reference);
    expect(sent).toMatchObject({ email: customer.email, amount: 11099, currency: 'GHS', accessCode: intent.accessCode });
    const [stored] = await t.app.db.select().from(checkoutIntents).where(eq(checkoutIntents.reference, intent.reference));
    expect(stored).toMatchObject({
      customerId: customer.userId,
      restaurantId: restaurant.id,
      amount: 11099,
      currency: 'GHS',
      status: 'pending',
      orderId: null,
    });
    expect(stored?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(await orderCount()).toBe(0);
  });

  it('ignores prices the browser sends: the amount is the menu total', async () => {
    const { restaurant, jollof } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const res = await startIntent(
      customer,
      cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1, price: 1 }], { amount: 1, totalAmount: 1, currency: 'NGN' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json<CardIntentView>()).toMatchObject({ amount: 4550, currency: 'GHS' });
    expect(paystack.transactions.get(res.json<CardIntentView>().reference)?.amount).toBe(4550);
  });

  it('takes the currency code from the restaurant currency symbol', async () => {
    const { restaurant, jollof } = await openKitchen({ currencySymbol: '₦', country: 'Nigeria' });
    const customer = await createUser(t, { role: 'customer' });
    const res = await startIntent(customer, cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }]));
    expect(res.json<CardIntentView>().currency).toBe('NGN');
  });

  it('refuses a cart cash checkout would refuse, with the same reasons, and calls Paystack for none', async () => {
    const { restaurant, jollof } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    await t.app.db.update(menuItems).set({ isAvailable: false }).where(eq(menuItems.id, jollof.id));
    const res = await startIntent(customer, cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }]));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(CHECKOUT_MESSAGES.unavailable('Jollof Rice'));
    expect((await startIntent(customer, cart(restaurant.id, []))).statusCode).toBe(400);
    expect(paystack.calls.initialize).toBe(0);
  });

  it('refuses an invalid phone number, and one that is no number in the restaurant’s country, writing nothing and asking Paystack nothing', async () => {
    const { restaurant, jollof } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const line = [{ menuItemId: jollof.id, quantity: 1 }];

    const phone = await startIntent(customer, cart(restaurant.id, line, { deliveryPhone: 'call me' }));
    expect(phone.statusCode).toBe(400);
    expect(phone.json().error.fields.deliveryPhone).toBe(CHECKOUT_MESSAGES.invalidPhone);

    const notInGhana = await startIntent(customer, cart(restaurant.id, line, { deliveryPhone: '024 555 01' }));
    expect(notInGhana.statusCode).toBe(400);
    expect(notInGhana.json().error.fields.deliveryPhone).toBe(CHECKOUT_MESSAGES.phoneNotInCountry('Ghana'));
    expect(paystack.calls.initialize).toBe(0);
    expect(await t.app.db.select().from(checkoutIntents)).toEqual([]);
  });

  it('refuses callers who are not customers', async () => {
    const { restaurant, jollof, owner } = await openKitchen();
    const body = cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }]);
    expect((await startIntent(undefined, body)).statusCode).toBe(401);
    expect((await startIntent(owner, body)).statusCode).toBe(403);
    for (const role of ['driver', 'manager', 'admin'] as const) {
      expect((await startIntent(await createUser(t, { role }), body)).statusCode).toBe(403);
    }
    expect(paystack.calls.initialize).toBe(0);
  });

  it('marks the intent failed and answers 502 when Paystack cannot initialize', async () => {
    const { restaurant, jollof } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    paystack.failNextInitialize(503);
    const res = await startIntent(customer, cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }]));
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(PAYMENT_MESSAGES.error(PAYMENT_MESSAGES.providerUnavailable));
    const rows = await t.app.db.select({ status: checkoutIntents.status }).from(checkoutIntents);
    expect(rows).toEqual([{ status: 'failed' }]);
  });

  it('verify: a paid intent becomes one pending order with its lines and a completed paystack-card payment', async () => {
    const { customer, intent, restaurant } = await intentScene();
    const events: RealtimeEvent[] = [];
    const stop = await listenForEvents(t.database, (event) => {
      if (event.topic === `restaurant:${restaurant.id}` || event.topic === 'orders:all') events.push(event);
    });
    try {
      paystack.pay(intent.reference);
      const res = await verify(customer, intent.reference);
      expect(res.statusCode, res.body).toBe(200);
      const order = res.json<OrderView>();
      expect(order).toMatchObject({
        status: 'pending',
        totalAmount: 11099,
        paymentMethod: 'paystack-card',
        currencySymbol: 'GH₵',
      });
      expect(order.items.map((line) => [line.name, line.quantity, line.price])).toEqual([
        ['Jollof Rice', 2, 4550],
        ['Kelewele', 1, 1999],
      ]);
      const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(payment).toMatchObject({
        amount: 11099,
        paymentMethod: 'paystack-card',
        paymentStatus: 'completed',
        transactionReference: intent.reference,
      });
      const [stored] = await t.app.db.select().from(checkoutIntents).where(eq(checkoutIntents.reference, intent.reference));
      expect(stored).toMatchObject({ status: 'completed', orderId: order.id });
      const [row] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
      expect(row).toMatchObject({ commissionAmount: 1110, restaurantPayout: 9989, commissionBps: 1000 });
      await expect.poll(() => events.length).toBe(2);
      expect(events).toEqual([
        { topic: `restaurant:${restaurant.id}`, type: 'order.created', orderId: order.id, status: 'pending' },
        { topic: 'orders:all', type: 'order.created', orderId: order.id, status: 'pending' },
      ]);

      // A second verify changes nothing and answers the same order, without asking Paystack again.
      const verifyCalls = paystack.calls.verify;
      const again = await verify(customer, intent.reference);
      expect(again.statusCode).toBe(200);
      expect(again.json<OrderView>().id).toBe(order.id);
      expect(paystack.calls.verify).toBe(verifyCalls);
      expect(await orderCount()).toBe(1);

      // The reference in another letter case is the same reference, not a new payment.
      const shouted = await verify(customer, intent.reference.toUpperCase());
      expect(shouted.statusCode).toBe(200);
      expect(shouted.json<OrderView>().id).toBe(order.id);
      expect(await orderCount()).toBe(1);
    } finally {
      await stop();
    }
  });

  it('verify: an unpaid intent makes no order', async () => {
    const { customer, intent } = await intentScene();
    const res = await verify(customer, intent.reference);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(PAYMENT_MESSAGES.verificationFailed(PAYMENT_MESSAGES.notPaid));
    expect(await orderCount()).toBe(0);
    const [stored] = await t.app.db.select().from(checkoutIntents);
    expect(stored?.status).toBe('pending');
  });

  it('verify: a payment Paystack reports failed is told as failed with nothing charged, and the intent may still be paid', async () => {
    const { customer, intent } = await intentScene();
    paystack.decline(intent.reference);
    const res = await verify(customer, intent.reference);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(PAYMENT_MESSAGES.verificationFailed(PAYMENT_MESSAGES.declined));
    expect(await orderCount()).toBe(0);
    const [stored] = await t.app.db.select().from(checkoutIntents);
    expect(stored?.status).toBe('pending');
    expect(paystack.calls.refund).toBe(0);

    // Paystack's page lets the customer try another card on the same transaction.
    paystack.pay(intent.reference);
    expect((await verify(customer, intent.reference)).statusCode).toBe(200);
  });

  it('verify: an expired intent whose payment Paystack reports failed is told as failed, not expired', async () => {
    const { customer, intent } = await intentScene();
    await t.app.db.update(checkoutIntents).set({ status: 'expired' }).where(eq(checkoutIntents.reference, intent.reference));
    paystack.decline(intent.reference);
    const res = await verify(customer, intent.reference);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(PAYMENT_MESSAGES.verificationFailed(PAYMENT_MESSAGES.declined));
    expect(paystack.calls.refund).toBe(0);
  });

  it('verify: an intent Paystack never started is told as failed with nothing charged, without asking Paystack', async () => {
    const { restaurant, jollof } = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    paystack.failNextInitialize(503);
    expect((await startIntent(customer, cart(restaurant.id, [{ menuItemId: jollof.id, quantity: 1 }]))).statusCode).toBe(502);
    const [failed] = await t.app.db.select().from(checkoutIntents);
    const res = await verify(customer, failed?.reference ?? '');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(PAYMENT_MESSAGES.verificationFailed(PAYMENT_MESSAGES.declined));
    expect(paystack.calls.verify).toBe(0);
  });

  it("verify: only the intent's customer may verify it; made-up references are refused", async () => {
    const { intent } = await intentScene();
    paystack.pay(intent.reference);
    const stranger = await createUser(t, { role: 'customer' });
    expect((await verify(stranger, intent.reference)).statusCode).toBe(404);
    expect((await verify(undefined, intent.reference)).statusCode).toBe(401);
    expect((await verify(await createUser(t, { role: 'admin' }), intent.reference)).statusCode).toBe(403);
    expect((await verify(stranger, 'not-a-reference')).statusCode).toBe(400);
    expect((await verify(stranger, `chop-${'0'.repeat(40)}`)).statusCode).toBe(404);
    expect(await orderCount()).toBe(0);
  });

  it('webhook: a signed charge.success completes the intent; a replay changes nothing', async () => {
    const { customer, intent } = await intentScene();
    paystack.pay(intent.reference);
    const { body, signature } = paystack.chargeSuccess(intent.reference);
    const res = await webhook(body, signature);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const [order] = await t.app.db.select().from(orders);
    expect(order?.status).toBe('pending');
    expect(paystack.calls.verify).toBe(0);

    const replay = await webhook(body, signature);
    expect(replay.statusCode).toBe(200);
    expect(await orderCount()).toBe(1);
    expect((await t.app.db.select({ n: count() }).from(orderItems))[0]?.n).toBe(2);

    // The browser's verify, arriving after, finds the order done.
    const late = await verify(customer, intent.reference);
    expect(late.statusCode).toBe(200);
    expect(late.json<OrderView>().id).toBe(order?.id);
    expect(await orderCount()).toBe(1);
  });

  it('webhook: forged, unsigned or differently signed events get 401 and change nothing', async () => {
    const { intent } = await intentScene();
    paystack.pay(intent.reference);
    const { body, signature } = paystack.chargeSuccess(intent.reference);
    expect((await webhook(body)).statusCode).toBe(401);
    expect((await webhook(body, 'f'.repeat(128))).statusCode).toBe(401);
    expect((await webhook(body, 'not hex')).statusCode).toBe(401);
    expect((await webhook(body, paystack.chargeSuccess(intent.reference, 'sk_test_someone_else').signature)).statusCode).toBe(
      401,
    );
    // The signature of the body, sent with a body changed after signing (amount doubled).
    expect((await webhook(body.replace('"amount":11099', '"amount":22198'), signature)).statusCode).toBe(401);
    expect(await orderCount()).toBe(0);
    const [stored] = await t.app.db.select().from(checkoutIntents);
    expect(stored?.status).toBe('pending');
  });

  it('webhook: hostile bodies get 4xx and change nothing', async () => {
    const { intent } = await intentScene();
    paystack.pay(intent.reference);
    const huge = JSON.stringify({ event: 'charge.success', padding: 'x'.repeat(300 * 1024) });
    expect((await webhook(huge, sign(paystack.secretKey, huge))).statusCode).toBe(413);
    expect((await webhook('')).statusCode).toBe(401);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/payments/paystack/webhook',
      headers: { 'content-type': 'text/plain', 'x-paystack-signature': 'abc' },
      payload: 'charge.success',
    });
    expect(text.statusCode).toBe(401);
    // Signed but not JSON, or JSON of another shape: acknowledged (Paystack would only retry it), ignored.
    const notJson = '{"event": "charge.success", ';
    expect((await webhook(notJson, sign(paystack.secretKey, notJson))).statusCode).toBe(200);
    const noData = JSON.stringify({ event: 'charge.success', data: { reference: intent.reference } });
    expect((await webhook(noData, sign(paystack.secretKey, noData))).statusCode).toBe(200);
    expect(await orderCount()).toBe(0);
  });

  it('webhook: other events and unknown references are acknowledged and ignored', async () => {
    const ignored = JSON.stringify({ event: 'transfer.success', data: { reference: 'x', amount: 1, currency: 'NGN' } });
    expect((await webhook(ignored, sign(paystack.secretKey, ignored))).statusCode).toBe(200);
    const unknown = JSON.stringify({
      event: 'charge.success',
      data: { status: 'success', reference: `chop-${'1'.repeat(40)}`, amount: 1, currency: 'NGN' },
    });
    expect((await webhook(unknown, sign(paystack.secretKey, unknown))).statusCode).toBe(200);
    expect(await orderCount()).toBe(0);
  });

  it('a payment of a different amount creates no order and sets the intent aside for review, by verify or webhook', async () => {
    const first = await intentScene();
    paystack.pay(first.intent.reference, { amount: 100 });
    const res = await verify(first.customer, first.intent.reference);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(PAYMENT_MESSAGES.verificationFailed(PAYMENT_MESSAGES.mismatch));

    const second = await intentScene();
    paystack.pay(second.intent.reference, { amount: 11098 });
    const { body, signature } = paystack.chargeSuccess(second.intent.reference);
    expect((await webhook(body, signature)).statusCode).toBe(200);

    expect(await orderCount()).toBe(0);
    const stored = await t.app.db
      .select({ status: checkoutIntents.status, reason: checkoutIntents.reviewReason })
      .from(checkoutIntents);
    expect(stored).toEqual([
      { status: 'review', reason: expect.stringContaining('expected') },
      { status: 'review', reason: expect.stringContaining('expected') },
    ]);
    // A correct payment reported later does not revive it.
    paystack.pay(first.intent.reference);
    expect((await verify(first.customer, first.intent.reference)).statusCode).toBe(422);
    expect(await orderCount()).toBe(0);
  });

  it('a payment in a different currency creates no order', async () => {
    const { customer, intent } = await intentScene();
    paystack.pay(intent.reference, { currency: 'NGN' });
    expect((await verify(customer, intent.reference)).statusCode).toBe(422);
    expect(await orderCount()).toBe(0);
    const [stored] = await t.app.db.select().from(checkoutIntents);
    expect(stored?.status).toBe('review');
  });

  it('verify and webhook arriving together complete the intent exactly once, 100 times over', async () => {
    const kitchen = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const body = cart(kitchen.restaurant.id, [{ menuItemId: kitchen.jollof.id, quantity: 1 }]);
    for (let round = 0; round < 100; round++) {
      const started = await startIntent(customer, body);
      const { reference } = started.json<CardIntentView>();
      paystack.pay(reference);
      const event = paystack.chargeSuccess(reference);
      const [byVerify, byWebhook, byVerifyAgain] = await Promise.all([
        verify(customer, reference),
        webhook(event.body, event.signature),
        verify(customer, reference),
      ]);
      expect([byVerify.statusCode, byWebhook.statusCode, byVerifyAgain.statusCode]).toEqual([200, 200, 200]);
      expect(byVerify.json<OrderView>().id).toBe(byVerifyAgain.json<OrderView>().id);
      const made = await t.app.db
        .select({ id: payments.orderId })
        .from(payments)
        .where(eq(payments.transactionReference, reference));
      expect(made).toEqual([{ id: byVerify.json<OrderView>().id }]);
    }
    expect(await orderCount()).toBe(100);
  }, 120_000);
});
