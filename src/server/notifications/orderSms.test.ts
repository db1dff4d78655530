import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrderStatus } from '@shared/orders/status.js';
import { emailOutbox, orders, payments, smsOutbox } from '../db/schema.js';
import { moveOrder } from '../orders/moves.js';
import { forceStatus, moveAs, openRestaurant, placeOrder, storedOrder } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { claimedByADeadWorker, jobsOf, retriesDueNow, waitForJobs } from '../test/jobs.js';
import { useRestarts } from '../test/restarts.js';
import { startAfricasTalkingStandIn, type SmsProviderStandIn } from '../test/smsProviders.js';

/** placeOrder's delivery phone, in E.164. */
const CUSTOMER_PHONE = '+233245550102';

let provider: SmsProviderStandIn<string>;
beforeAll(async () => {
  provider = await startAfricasTalkingStandIn();
});
afterEach(() => provider.setOutage(null));
afterAll(() => provider.close());

describe('order SMS: the customer is texted when the kitchen accepts, the rider picks up, and at the end', () => {
  const t = useTestApp(() => provider.settings);

  const move = (user: TestUser, orderId: string, status: OrderStatus) => moveAs(t, user, orderId, status);
  const texts = () => t.app.db.select().from(smsOutbox).orderBy(smsOutbox.createdAt);
  const setSettings = (user: TestUser, items: { kind: string; channel: string; enabled: boolean }[]) =>
    t.app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: user.authHeader, payload: { items } });

  async function scene() {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer', fullName: 'Ama Mensah' });
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true, fullName: 'Kofi Boateng', phone: '024 555 0199' });
    const order = await placeOrder(t, customer, kitchen);
    return { ...kitchen, customer, driver, order };
  }

  /** The kitchen starts on the order and makes it ready; the rider takes it and picks it up. */
  async function kitchenThenRider(owner: TestUser, driver: TestUser, orderId: string) {
    for (const [user, to] of [
      [owner, 'preparing'],
      [owner, 'ready'],
      [driver, 'accepted'],
      [driver, 'picked_up'],
    ] as const) {
      expect((await move(user, orderId, to)).statusCode, to).toBe(200);
    }
  }

  it('texts a cash order’s customer, in E.164, when the kitchen starts on it, when Kofi picks it up (with a call link) and when it is delivered, and never the delivery code', async () => {
    const { owner, driver, order, restaurant } = await scene();
    await kitchenThenRider(owner, driver, order.id);
    await moveOrder(t.app, { userId: driver.userId, role: 'driver' }, order.id, 'delivered', async () => undefined);

    const shortId = order.id.slice(0, 8);
    const sent = await texts();
    expect(sent.map(({ kind, toPhone, body }) => ({ kind, toPhone, body }))).toEqual([
      {
        kind: 'order-confirmed',
        toPhone: CUSTOMER_PHONE,
        body: `ChopChop: ${restaurant.name} accepted your order #${shortId} and is cooking it.`,
      },
      {
        kind: 'order-picked-up',
        toPhone: CUSTOMER_PHONE,
        body: `ChopChop: Kofi picked up your order #${shortId} from ${restaurant.name} and is on the way. Call Kofi: tel:+233245550199`,
      },
      {
        kind: 'order-delivered',
        toPhone: CUSTOMER_PHONE,
        body: `ChopChop: your order #${shortId} from ${restaurant.name} was delivered. Enjoy your meal!`,
      },
    ]);
    const [row] = await t.app.db.select({ code: orders.deliveryCode }).from(orders).where(eq(orders.id, order.id));
    expect(sent.some(({ body }) => body.includes(row!.code))).toBe(false);
  });

  it('texts a card order’s customer when the kitchen confirms it, and tells them of the refund when it is cancelled', async () => {
    const { owner, order, restaurant } = await scene();
    await t.app.db
      .update(payments)
      .set({ paymentMethod: 'paystack-card', paymentStatus: 'completed', transactionReference: 'chop-test-sms' })
      .where(eq(payments.orderId, order.id));
    await forceStatus(t, order.id, 'pending');
    expect((await move(owner, order.id, 'confirmed')).statusCode).toBe(200);
    expect((await move(owner, order.id, 'cancelled')).statusCode).toBe(200);

    const [confirmed, cancelled] = await texts();
    expect(confirmed).toMatchObject({ kind: 'order-confirmed' });
    const total = (await t.app.db.select({ total: orders.totalAmount }).from(orders).where(eq(orders.id, order.id)))[0]!.total;
    expect(cancelled).toMatchObject({
      kind: 'order-cancelled',
      body: `ChopChop: your order #${order.id.slice(0, 8)} from ${restaurant.name} was cancelled. Your card payment of GH₵${(total / 100).toFixed(2)} will be refunded to your card.`,
    });
  });

  it('says nothing of a refund when a cash order is cancelled', async () => {
    const { owner, order, restaurant } = await scene();
    expect((await move(owner, order.id, 'cancelled')).statusCode).toBe(200);
    expect((await texts()).map((row) => row.body)).toEqual([
      `ChopChop: your order #${order.id.slice(0, 8)} from ${restaurant.name} was cancelled.`,
    ]);
  });

  it('sends neither the SMS nor the email of a message the customer turned off, and still the others', async () => {
    const { owner, customer, driver, order } = await scene();
    const res = await setSettings(customer, [
      { kind: 'order-confirmed', channel: 'sms', enabled: false },
      { kind: 'order-ready', channel: 'email', enabled: false },
    ]);
    expect(res.statusCode).toBe(200);
    await kitchenThenRider(owner, driver, order.id);
    expect((await texts()).map((row) => row.kind)).toEqual(['order-picked-up']);
    const emails = await t.app.db.select({ subject: emailOutbox.subject }).from(emailOutbox);
    expect(emails.map((row) => row.subject)).toEqual([expect.stringContaining('is on its way')]);
  });

  it('moves at once while the SMS provider fails, and sends the SMS on a later try of its job', async () => {
    const { owner, order } = await scene();
    const before = provider.messages.length;
    await provider.setOutage('error');
    const started = performance.now();
    expect((await move(owner, order.id, 'preparing')).statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(await storedOrder(t, order.id)).toMatchObject({ status: 'preparing' });
    const [failed] = await waitForJobs(t.app.db, 'sms', ([job]) => job?.state === 'retry');
    expect(failed?.output).toEqual({ message: "Africa's Talking answered HTTP 503" });
    expect(await texts()).toEqual([expect.objectContaining({ kind: 'order-confirmed', status: 'queued' })]);

    await provider.setOutage(null);
    await retriesDueNow(t.app.db, 'sms');
    await waitForJobs(t.app.db, 'sms', ([job]) => job?.state === 'completed');
    expect(provider.messages.slice(before)).toEqual([expect.objectContaining({ to: CUSTOMER_PHONE })]);
    expect(await texts()).toEqual([expect.objectContaining({ status: 'sent' })]);
  });
});

describe('order SMS across a crash: the move committed, the process died before texting, the next app texts once', () => {
  const restarts = useRestarts(() => provider.settings);

  /** A cash order the kitchen starts on, which owes its customer an SMS, in a process that then dies. */
  const startedBeforeCrash = () =>
    restarts.crashAfter(async (crashed) => {
      const kitchen = await openRestaurant(crashed);
      const order = await placeOrder(crashed, await createUser(crashed, { role: 'customer' }), kitchen);
      expect((await moveAs(crashed, kitchen.owner, order.id, 'preparing')).statusCode).toBe(200);
    });
  const sentSince = (before: number) =>
    provider.messages.slice(before).map(({ to, text }) => ({ to, accepted: text.includes('accepted your order') }));

  it('sends the SMS of a move whose job never ran, once, from the app started after it', async () => {
    const before = provider.messages.length;
    await startedBeforeCrash();
    const { db } = restarts.database;
    expect(await jobsOf(db, 'sms')).toEqual([expect.objectContaining({ state: 'created' })]);
    expect(provider.messages).toHaveLength(before);

    await restarts.start();
    await waitForJobs(db, 'sms', ([job]) => job?.state === 'completed');
    expect(sentSince(before)).toEqual([{ to: CUSTOMER_PHONE, accepted: true }]);
  });

  it('sends the SMS whose job a worker that died had claimed, once, after its claim expires', async () => {
    const before = provider.messages.length;
    await startedBeforeCrash();
    const { db } = restarts.database;
    await claimedByADeadWorker(restarts.database, 'sms');
    expect(await jobsOf(db, 'sms')).toEqual([expect.objectContaining({ state: 'active' })]);

    // pg-boss's supervisor, which takes expired claims back, looks every second instead of every 15.
    await restarts.start({ JOB_SUPERVISE_SECONDS: 1 });
    await waitForJobs(db, 'sms', ([job]) => job?.state !== 'active');
    await retriesDueNow(db, 'sms');
    const [job] = await waitForJobs(db, 'sms', ([first]) => first?.state === 'completed');
    expect(job?.retryCount).toBe(1);
    expect(sentSince(before)).toEqual([{ to: CUSTOMER_PHONE, accepted: true }]);
  });
});
