import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../db/schema.js';
import { forceStatus, openRestaurant, placeOrder } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { balanceOf } from './balances.js';
import { postOrderDelivered, postOrderPaid, postOrderRefunded } from './orderPostings.js';
import { expectLedgerBalanced, orderPostings } from './testLedger.js';

describe('a cash order on the ledger: posted when delivered, whoever closes it, and never when cancelled', () => {
  const t = useTestApp();

  const deliver = (driver: TestUser, orderId: string, code: string) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/deliver`, headers: driver.authHeader, payload: { code } });
  const close = (admin: TestUser, orderId: string, outcome: 'delivered' | 'cancelled') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/close`,
      headers: admin.authHeader,
      payload: { outcome, reason: 'Support closed it by phone' },
    });

  /**
   * A cash order of two Waakye (5,000) at 10 % commission, with a delivery fee of 800 of which the
   * platform keeps 160, and a tip of 300: the customer pays 6,100.
   */
  async function cashOrder(status: 'picked_up' | 'confirmed', withDriver = true) {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const order = await placeOrder(t, customer, kitchen, 2);
    await t.app.db.update(orders).set({ deliveryFee: 800, deliveryShare: 160, tipAmount: 300 }).where(eq(orders.id, order.id));
    if (status === 'picked_up') await forceStatus(t, order.id, 'picked_up', withDriver ? driver.userId : undefined);
    return { ...kitchen, customer, driver, order };
  }

  it('delivered by its rider: the rider owes the whole charge in cash; restaurant, platform and rider are credited their parts', async () => {
    const { order, driver, restaurant } = await cashOrder('picked_up');
    const res = await deliver(driver, order.id, order.deliveryCode!);
    expect(res.statusCode, res.body).toBe(200);

    const [delivered, ...others] = await orderPostings(t.app.db, order.id);
    expect(others).toEqual([]);
    expect(delivered).toMatchObject({ kind: 'order_delivered', memo: null });
    expect(delivered!.entries).toEqual([
      { account: 'rider_cash', ownerId: driver.userId, currencySymbol: 'GH₵', amount: 6100 },
      { account: 'restaurant', ownerId: restaurant.id, currencySymbol: 'GH₵', amount: -4500 },
      { account: 'commission', ownerId: null, currencySymbol: 'GH₵', amount: -500 },
      { account: 'rider', ownerId: driver.userId, currencySymbol: 'GH₵', amount: -940 },
      { account: 'delivery_share', ownerId: null, currencySymbol: 'GH₵', amount: -160 },
    ]);
    const totals = await expectLedgerBalanced(t.app.db);
    expect(totals).toMatchObject({ transactions: 1, entries: 5 });
    expect(await balanceOf(t.app.db, 'restaurant', restaurant.id, 'GH₵')).toBe(-4500);
    expect(await balanceOf(t.app.db, 'rider', driver.userId, 'GH₵')).toBe(-940);

    // Posted once: a second posting of the same delivery writes nothing.
    expect(await t.app.db.transaction((tx) => postOrderDelivered(tx, order.id))).toBeUndefined();
    expect(await orderPostings(t.app.db, order.id)).toHaveLength(1);
  });

  it('closed as delivered by support with its rider: the same entries', async () => {
    const { order, driver } = await cashOrder('picked_up');
    const admin = await createUser(t, { role: 'admin' });
    expect((await close(admin, order.id, 'delivered')).statusCode).toBe(200);
    const [delivered] = await orderPostings(t.app.db, order.id);
    expect(delivered!.entries.map(({ account, ownerId, amount }) => [account, ownerId, amount])).toEqual([
      ['rider_cash', driver.userId, 6100],
      ['restaurant', expect.any(String), -4500],
      ['commission', null, -500],
      ['rider', driver.userId, -940],
      ['delivery_share', null, -160],
    ]);
    await expectLedgerBalanced(t.app.db);
  });

  it('closed as delivered by support without a rider: the cash counts as received, the rider’s part as delivery share', async () => {
    const { order, restaurant } = await cashOrder('confirmed');
    const admin = await createUser(t, { role: 'admin' });
    expect((await close(admin, order.id, 'delivered')).statusCode).toBe(200);
    const [delivered] = await orderPostings(t.app.db, order.id);
    expect(delivered!.memo).toMatch(/without a rider/);
    expect(delivered!.entries.map(({ account, ownerId, amount }) => [account, ownerId, amount])).toEqual([
      ['cash_received', null, 6100],
      ['restaurant', restaurant.id, -4500],
      ['commission', null, -500],
      ['delivery_share', null, -1100],
    ]);
    await expectLedgerBalanced(t.app.db);
  });

  it('cancelled, by the kitchen or by support: nothing is posted, as nothing was paid', async () => {
    const first = await cashOrder('confirmed');
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${first.order.id}/status`,
      headers: first.owner.authHeader,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const second = await cashOrder('picked_up');
    const admin = await createUser(t, { role: 'admin' });
    expect((await close(admin, second.order.id, 'cancelled')).statusCode).toBe(200);

    expect(await orderPostings(t.app.db, first.order.id)).toEqual([]);
    expect(await orderPostings(t.app.db, second.order.id)).toEqual([]);
    // Nor would a payment or refund posting find a card payment to post.
    await t.app.db.transaction(async (tx) => {
      expect(await postOrderPaid(tx, first.order.id)).toBeUndefined();
      expect(await postOrderRefunded(tx, first.order.id)).toBeUndefined();
    });
    expect(await expectLedgerBalanced(t.app.db)).toMatchObject({ transactions: 0, entries: 0 });
  });

  it('an order with nothing to pay but its food, and no fee: zero lines are left out', async () => {
    const { order, driver, restaurant } = await cashOrder('picked_up');
    await t.app.db.update(orders).set({ deliveryFee: 0, deliveryShare: 0, tipAmount: 0 }).where(eq(orders.id, order.id));
    expect((await deliver(driver, order.id, order.deliveryCode!)).statusCode).toBe(200);
    const [delivered] = await orderPostings(t.app.db, order.id);
    expect(delivered!.entries.map(({ account, ownerId, amount }) => [account, ownerId, amount])).toEqual([
      ['rider_cash', driver.userId, 5000],
      ['restaurant', restaurant.id, -4500],
      ['commission', null, -500],
    ]);
  });
});
