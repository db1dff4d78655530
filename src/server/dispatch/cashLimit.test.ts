import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CASH_MESSAGES } from '@shared/drivers/cash.js';
import { orders } from '../db/schema.js';
import { deliverCashOrder, paidByCard, setCashLimit } from '../ledger/testCash.js';
import { expectLedgerBalanced } from '../ledger/testLedger.js';
import { forceStatus, openRestaurant, placeOrder } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { dispatchOrder, offerWaitingOrder } from './service.js';
import { driverAt, northOf, offeredTo, offersToRidersRun } from './testDrivers.js';

/**
 * The cash limit (issue 22 item 4): a rider holding more cash than the limit of a currency is
 * offered card-paid orders only in it, by dispatch, by the Available list, when accepting and by
 * support's reassignment, until an admin records cash they handed in.
 */
describe('a rider over the cash limit', () => {
  const t = useTestApp();

  const stored = async (orderId: string) =>
    (await t.app.db.select({ status: orders.status, driverId: orders.driverId }).from(orders).where(eq(orders.id, orderId)))[0];
  const available = async (driver: TestUser) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/available', headers: driver.authHeader });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: { id: string; paymentMethod: string }[] }>().items.map((order) => order.id);
  };
  const accept = (driver: TestUser, orderId: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/status`,
      headers: driver.authHeader,
      payload: { status: 'accepted' },
    });
  const handIn = (admin: TestUser, rider: TestUser, amount: number, reference: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/drivers/${rider.userId}/cash-hand-ins`,
      headers: admin.authHeader,
      payload: { amount, currencySymbol: 'GH₵', reference, receivedBy: 'Abena at the Osu office' },
    });

  /**
   * A kitchen with ready orders waiting, one paid in cash and one by card, and a rider near it who
   * delivered three Waakye (7,500) in cash: over a GH₵50.00 limit.
   */
  async function scene(limit: number | null = 5000) {
    await setCashLimit(t, limit);
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const rider = await driverAt(t, northOf(0.5), { fullName: 'Kofi Cash' });
    await deliverCashOrder(t, kitchen, customer, rider, 3);
    const ready = async (paid: 'cash' | 'card') => {
      const order = await placeOrder(t, customer, kitchen);
      if (paid === 'card') await paidByCard(t, order.id);
      await forceStatus(t, order.id, 'ready');
      return order.id;
    };
    const admin = await createUser(t, { role: 'admin' });
    return { kitchen, customer, rider, admin, cashOrder: await ready('cash'), cardOrder: await ready('card'), ready };
  }

  it('is listed card-paid orders only, may accept them, and is refused a cash one with how much they hold and the limit', async () => {
    const { rider, cashOrder, cardOrder } = await scene();
    expect(await available(rider)).toEqual([cardOrder]);

    const refused = await accept(rider, cashOrder);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      'You are holding GH₵75.00 in cash, over the GH₵50.00 limit: hand it in before taking more cash orders.',
    );
    expect(refused.json().error.message).toBe(CASH_MESSAGES.overLimit(7500, 5000, 'GH₵'));
    expect(await stored(cashOrder)).toEqual({ status: 'ready', driverId: null });

    const taken = await accept(rider, cardOrder);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(await stored(cardOrder)).toEqual({ status: 'accepted', driverId: rider.userId });
  });

  it('is listed and may accept cash orders at the limit exactly, without a limit, or in a currency without one', async () => {
    const { rider, cashOrder, cardOrder } = await scene(7500);
    expect((await available(rider)).sort()).toEqual([cashOrder, cardOrder].sort());
    await setCashLimit(t, null);
    expect((await available(rider)).sort()).toEqual([cashOrder, cardOrder].sort());
    // A limit on another currency is not GH₵'s.
    await setCashLimit(t, 0, '₦');
    expect((await accept(rider, cashOrder)).statusCode).toBe(200);
  });

  it("is not given a cash order by support's reassignment, which says why, and is given a card one", async () => {
    const { rider, admin, cashOrder, cardOrder } = await scene();
    const reassign = (orderId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/reassign`,
        headers: admin.authHeader,
        payload: { driverId: rider.userId },
      });

    const refused = await reassign(cashOrder);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(
      'This rider holds GH₵75.00 in cash, over the GH₵50.00 limit: give the order to another rider, or record their hand-in first.',
    );
    expect(await stored(cashOrder)).toEqual({ status: 'ready', driverId: null });

    const given = await reassign(cardOrder);
    expect(given.statusCode, given.body).toBe(200);
    expect(await stored(cardOrder)).toEqual({ status: 'accepted', driverId: rider.userId });
  });

  it('is passed over by dispatch for a cash order, which goes to a farther rider under the limit, and still given card orders', async () => {
    const { rider, cashOrder, cardOrder } = await scene();
    const farther = await driverAt(t, northOf(3), { fullName: 'Esi Farther' });

    const cash = await dispatchOrder(t.app, cashOrder);
    expect(cash.outcome).toEqual({ offered: true, driverName: 'Esi Farther', seconds: 45 });
    expect(await offeredTo(t, cashOrder)).toBe(farther.userId);

    const card = await dispatchOrder(t.app, cardOrder);
    expect(card.outcome).toEqual({ offered: true, driverName: 'Kofi Cash', seconds: 45 });
    expect(await offeredTo(t, cardOrder)).toBe(rider.userId);
  });

  it("reads the limit of the order's own currency when several currencies are priced", async () => {
    const { cashOrder } = await scene();
    await setCashLimit(t, null, '₦');
    await setCashLimit(t, 1_000_000, 'KSh');
    const farther = await driverAt(t, northOf(3), { fullName: 'Esi Farther' });

    const cash = await dispatchOrder(t.app, cashOrder);
    expect(cash.outcome).toEqual({ offered: true, driverName: 'Esi Farther', seconds: 45 });
    expect(await offeredTo(t, cashOrder)).toBe(farther.userId);
  });

  it('is given no cash order by dispatch when nobody else is near: the order waits', async () => {
    const { cashOrder } = await scene();
    expect((await dispatchOrder(t.app, cashOrder)).outcome).toEqual({ offered: false });
    expect(await offeredTo(t, cashOrder)).toBeNull();
  });

  it('coming online is offered a waiting card order, never a cash one, though the cash order is older', async () => {
    const { rider, cashOrder, cardOrder, ready } = await scene();
    // The cash order is the oldest.
    await t.app.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, cashOrder));
    expect(await offerWaitingOrder(t.app, rider.userId)).toBe(true);
    expect(await offeredTo(t, cashOrder)).toBeNull();
    expect(await offeredTo(t, cardOrder)).toBe(rider.userId);

    // With only cash orders waiting, nothing.
    expect((await accept(rider, cardOrder)).statusCode).toBe(200);
    await forceStatus(t, cardOrder, 'delivered');
    await ready('cash');
    expect(await offerWaitingOrder(t.app, rider.userId)).toBe(false);
  });

  it('after a hand-in that brings them to the limit, is listed, given and may accept cash orders again', async () => {
    const { rider, admin, cashOrder, cardOrder, ready } = await scene();
    expect(await available(rider)).toEqual([cardOrder]);

    // GH₵20.00 handed in: GH₵55.00 still held, over GH₵50.00. As when they come online, the hand-in
    // queues the offer of the nearest order waiting for them that they may take: the card one.
    expect((await handIn(admin, rider, 2000, 'RCPT-0001')).statusCode).toBe(201);
    await offersToRidersRun(t);
    expect(await offeredTo(t, cardOrder)).toBe(rider.userId);
    expect(await offeredTo(t, cashOrder)).toBeNull();
    expect((await accept(rider, cardOrder)).statusCode).toBe(200);
    expect(await available(rider)).toEqual([]);
    await forceStatus(t, cardOrder, 'delivered');
    expect((await accept(rider, cashOrder)).json().error.message).toBe(CASH_MESSAGES.overLimit(5500, 5000, 'GH₵'));

    // GH₵5.00 more: GH₵50.00 held, at the limit: the cash order waiting near them is theirs.
    expect((await handIn(admin, rider, 500, 'RCPT-0002')).statusCode).toBe(201);
    await offersToRidersRun(t);
    expect(await offeredTo(t, cashOrder)).toBe(rider.userId);
    expect((await accept(rider, cashOrder)).statusCode).toBe(200);

    await forceStatus(t, cashOrder, 'delivered');
    const next = await ready('cash');
    expect(await available(rider)).toEqual([next]);
    expect((await dispatchOrder(t.app, next)).outcome).toEqual({ offered: true, driverName: 'Kofi Cash', seconds: 45 });
    await expectLedgerBalanced(t.app.db);
  });
});
