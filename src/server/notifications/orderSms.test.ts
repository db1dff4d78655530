import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, orders, payments, smsOutbox } from '../db/schema.js';
import { moveOrder } from '../orders/moves.js';
import { forceStatus, openRestaurant, placeOrder } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';

describe('order SMS: the customer is texted when the kitchen accepts, the rider picks up, and at the end', () => {
  const t = useTestApp();

  const move = (user: TestUser, orderId: string, status: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, headers: user.authHeader, payload: { status } });
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
        toPhone: '+233245550102',
        body: `ChopChop: ${restaurant.name} accepted your order #${shortId} and is cooking it.`,
      },
      {
        kind: 'order-picked-up',
        toPhone: '+233245550102',
        body: `ChopChop: Kofi picked up your order #${shortId} from ${restaurant.name} and is on the way. Call Kofi: tel:+233245550199`,
      },
      {
        kind: 'order-delivered',
        toPhone: '+233245550102',
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
});
