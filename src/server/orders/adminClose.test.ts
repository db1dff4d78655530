import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { CLOSURE_MESSAGES } from '@shared/orders/closures.js';
import type { OrderStatus } from '@shared/orders/status.js';
import { emailOutbox, orders, payments, refunds } from '../db/schema.js';
import { cardScene } from '../payments/testCard.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { jobsOf } from '../test/jobs.js';
import { useTestApp } from '../test/app.js';
import { paystackTestConfig, usePaystackStandIn } from '../test/paystack.js';
import { forceStatus, stuckOrder } from './testOrders.js';

describe('support brings any unfinished order to an end, whatever became of its driver', () => {
  const paystack = usePaystackStandIn();
  const t = useTestApp(() => paystackTestConfig(paystack));
  const { verify, intentScene } = cardScene(t);

  const post = (user: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: user.authHeader, payload });
  const close = (user: TestUser, orderId: string, payload: object) => post(user, `/api/admin/orders/${orderId}/close`, payload);
  const reassign = (user: TestUser, orderId: string, driverId: string) =>
    post(user, `/api/admin/orders/${orderId}/reassign`, { driverId });
  const stored = async (orderId: string) =>
    (
      await t.app.db
        .select({
          status: orders.status,
          driverId: orders.driverId,
          closedReason: orders.closedReason,
          closedBy: orders.closedBy,
        })
        .from(orders)
        .where(eq(orders.id, orderId))
    )[0];

  it('was stuck before: the plain cancel refuses an order out for delivery', async () => {
    const { admin, order } = await stuckOrder(t);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: admin.authHeader,
      payload: { status: 'cancelled' },
    });
    expect(res.statusCode).toBe(422);
  });

  it('closes an order whose rider was disabled as delivered, with no code, keeping the reason and the admin', async () => {
    const { admin, customer, order } = await stuckOrder(t);
    const reason = 'Customer confirmed by phone that the food arrived';
    const res = await close(admin, order.id, { outcome: 'delivered', reason: `  ${reason} ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: order.id, status: 'delivered', statusLabel: 'Delivered' });
    expect(await stored(order.id)).toMatchObject({ status: 'delivered', closedReason: reason, closedBy: admin.userId });

    const list = await t.app.inject({ method: 'GET', url: `/api/admin/orders?status=delivered`, headers: admin.authHeader });
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: order.id, closedReason: reason, closedByName: 'Abena Support' }),
    ]);
    const detail = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: admin.authHeader });
    expect(detail.json()).toMatchObject({ audience: 'admin', closedReason: reason, closedByName: 'Abena Support' });
    // The customer hears of a delivery; only a cancellation shows them support's reason.
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: customer.authHeader });
    expect(mine.json()).toMatchObject({ status: 'delivered', cancelReason: null });
    await vi.waitFor(async () => {
      const mails = await t.app.db.select().from(emailOutbox);
      expect(mails.some((mail) => mail.subject.endsWith('has been delivered'))).toBe(true);
    });
  });

  it('cancels an order out for delivery whose rider was unverified, and shows the customer why', async () => {
    const { admin, customer, order } = await stuckOrder(t, 'unverified');
    const res = await close(admin, order.id, { outcome: 'cancelled', reason: 'The rider could not finish the delivery' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(order.id)).toMatchObject({ status: 'cancelled', closedBy: admin.userId });
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: customer.authHeader });
    expect(mine.json()).toMatchObject({ status: 'cancelled', cancelReason: 'The rider could not finish the delivery' });
  });

  async function paidCardOrderOutForDelivery() {
    const scene = await intentScene();
    paystack.pay(scene.intent.reference);
    const paid = await verify(scene.customer, scene.intent.reference);
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = paid.json<{ id: string }>().id;
    const admin = await createUser(t, { role: 'admin' });
    const rider = await createUser(t, { role: 'driver', verifiedDriver: true });
    await forceStatus(t, orderId, 'picked_up', rider.userId);
    return { ...scene, admin, orderId };
  }
  const paymentOf = async (orderId: string) => (await t.app.db.select().from(payments).where(eq(payments.orderId, orderId)))[0];

  it('cancelling a paid card order needs the refund decided in the same step, and refunds it in full once', async () => {
    const { admin, orderId, intent } = await paidCardOrderOutForDelivery();
    const undecided = await close(admin, orderId, { outcome: 'cancelled', reason: 'Rider crashed, food lost' });
    expect(undecided.statusCode).toBe(422);
    expect(undecided.json().error.message).toBe(CLOSURE_MESSAGES.refundChoiceNeeded);
    expect((await stored(orderId))?.status).toBe('picked_up');

    const request = { outcome: 'cancelled', reason: 'Rider crashed, food lost', refund: 'full' };
    const answers = await Promise.all([close(admin, orderId, request), close(admin, orderId, request)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    await vi.waitFor(async () => expect((await paymentOf(orderId))?.paymentStatus).toBe('refunded'));
    expect(paystack.refunds).toEqual([{ transaction: intent.reference, amount: 11099 }]);
    expect(await t.app.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toHaveLength(1);
  });

  it('cancelling a paid card order may keep the payment when the food was eaten', async () => {
    const { admin, orderId } = await paidCardOrderOutForDelivery();
    const res = await close(admin, orderId, { outcome: 'cancelled', reason: 'Food eaten, rider vanished', refund: 'none' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await jobsOf(t.app.db, 'refund')).toEqual([]);
    expect(await t.app.db.select().from(refunds).where(eq(refunds.orderId, orderId))).toEqual([]);
    expect((await paymentOf(orderId))?.paymentStatus).toBe('completed');
    expect(paystack.refunds).toEqual([]);
  });

  it('closes an order once when asked twice at once, whatever the letter case of its id', async () => {
    const { admin, order } = await stuckOrder(t);
    const request = { outcome: 'cancelled', reason: 'Rider unreachable' };
    const answers = await Promise.all([close(admin, order.id, request), close(admin, order.id.toUpperCase(), request)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await stored(order.id)).toMatchObject({
      status: 'cancelled',
      closedReason: 'Rider unreachable',
      closedBy: admin.userId,
    });
    const cancelled = await t.app.db.select().from(emailOutbox);
    const ofThisOrder = (subject: string) =>
      subject.includes(`#${order.id.slice(0, 8)} `) && subject.endsWith('has been cancelled');
    expect(cancelled.filter((mail) => ofThisOrder(mail.subject))).toHaveLength(1);
  });

  it('refuses everyone but admins, finished orders and reasons that are missing or too long', async () => {
    const { admin, kitchen, customer, order, rider } = await stuckOrder(t);
    const request = { outcome: 'cancelled', reason: 'Not theirs to do' };
    for (const user of [customer, kitchen.owner, await createUser(t, { role: 'driver', verifiedDriver: true })]) {
      expect((await close(user, order.id, request)).statusCode).toBe(403);
      expect((await reassign(user, order.id, rider.userId)).statusCode).toBe(403);
    }
    for (const reason of ['', 'no', 'x'.repeat(301), 'bad\u0000text']) {
      expect((await close(admin, order.id, { outcome: 'cancelled', reason })).statusCode, reason).toBe(400);
    }
    expect((await stored(order.id))?.status).toBe('picked_up');

    const cases: [OrderStatus, OrderStatus, number][] = [
      ['delivered', 'cancelled', 422],
      ['delivered', 'delivered', 409],
      ['cancelled', 'cancelled', 409],
      ['cancelled', 'delivered', 422],
    ];
    for (const [status, outcome, code] of cases) {
      await forceStatus(t, order.id, status);
      const res = await close(admin, order.id, { outcome, reason: 'Closing a finished order' });
      expect(res.statusCode, `${status} to ${outcome}`).toBe(code);
      expect((await stored(order.id))?.closedReason).toBeNull();
    }
    const free = await createUser(t, { role: 'driver', verifiedDriver: true });
    expect((await reassign(admin, order.id, free.userId)).statusCode).toBe(422);
  });
});
