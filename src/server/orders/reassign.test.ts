import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CLOSURE_MESSAGES } from '@shared/orders/closures.js';
import type { RealtimeEvent } from '@shared/realtime/events.js';
import { emailOutbox, orders } from '../db/schema.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { forceStatus, openRestaurant, placeOrder, stuckOrder } from './testOrders.js';
import { listenForEvents } from '../test/raisedEvents.js';

describe('support gives an order to another driver, whatever became of the one it had', () => {
  const t = useTestApp();

  const reassign = (user: TestUser, orderId: string, driverId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/reassign`,
      headers: user.authHeader,
      payload: { driverId },
    });
  const stored = async (orderId: string) =>
    (await t.app.db.select({ status: orders.status, driverId: orders.driverId }).from(orders).where(eq(orders.id, orderId)))[0];

  it('gives an order whose rider was disabled to another free verified rider, who finds it in their deliveries', async () => {
    const { admin, kitchen, customer, order, rider } = await stuckOrder(t);
    const unverified = await createUser(t, { role: 'driver', verifiedDriver: false });
    expect((await reassign(admin, order.id, unverified.userId)).statusCode).toBe(422);
    const busy = await createUser(t, { role: 'driver', verifiedDriver: true });
    const other = await placeOrder(t, customer, kitchen);
    await forceStatus(t, other.id, 'accepted', busy.userId);
    expect((await reassign(admin, order.id, busy.userId)).json().error.message).toBe(CLOSURE_MESSAGES.driverBusy);
    expect((await reassign(admin, order.id, rider.userId)).statusCode).toBe(409);

    const next = await createUser(t, { role: 'driver', verifiedDriver: true, available: false });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/drivers?assignable=true', headers: admin.authHeader });
    const listed = list.json<{ items: { userId: string }[] }>().items.map((driver) => driver.userId);
    expect(listed).toContain(next.userId);
    for (const refused of [rider, unverified]) expect(listed).not.toContain(refused.userId);
    // Batching: a rider collecting one order has room for another, though not for one already picked up.
    expect(listed).toContain(busy.userId);

    const answers = await Promise.all([reassign(admin, order.id, next.userId), reassign(admin, order.id, next.userId)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(await stored(order.id)).toMatchObject({ status: 'picked_up', driverId: next.userId });
    const deliveries = await t.app.inject({ method: 'GET', url: '/api/orders/deliveries', headers: next.authHeader });
    expect(deliveries.json().items).toEqual([expect.objectContaining({ id: order.id })]);
  });

  it('gives a ready order waiting for a driver to the chosen rider, as dispatch would', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const kitchen = await openRestaurant(t);
    const order = await placeOrder(t, await createUser(t, { role: 'customer' }), kitchen);
    const rider = await createUser(t, { role: 'driver', verifiedDriver: true });
    await forceStatus(t, order.id, 'preparing');
    expect((await reassign(admin, order.id, rider.userId)).json().error.message).toBe(CLOSURE_MESSAGES.noDriverToChange);
    await forceStatus(t, order.id, 'ready');
    const res = await reassign(admin, order.id, rider.userId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'accepted', driverId: rider.userId });
  });

  it("takes the driver's id in any letter case, and refuses an id that is not a driver's", async () => {
    const { admin, customer, order, rider } = await stuckOrder(t);
    const upper = await reassign(admin, order.id.toUpperCase(), rider.userId.toUpperCase());
    expect(upper.json().error.message).toBe(CLOSURE_MESSAGES.sameDriver);
    for (const notADriver of [customer, admin]) {
      const res = await reassign(admin, order.id, notADriver.userId);
      expect(res.json().error.message).toBe(CLOSURE_MESSAGES.driverNotFound);
    }
    for (const driverId of ['not-an-id', `${rider.userId}\u0000`, 'a'.repeat(5000)]) {
      expect((await reassign(admin, order.id, driverId)).statusCode).toBe(400);
    }
    const next = await createUser(t, { role: 'driver', verifiedDriver: true });
    const res = await reassign(admin, order.id.toUpperCase(), next.userId.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(order.id)).toMatchObject({ status: 'picked_up', driverId: next.userId });
  });

  it('tells the new driver and the old one, and emails the customer nothing', async () => {
    const { admin, order, rider } = await stuckOrder(t, 'unverified');
    const next = await createUser(t, { role: 'driver', verifiedDriver: true });
    const emailsBefore = (await t.app.db.select().from(emailOutbox)).length;
    const events: RealtimeEvent[] = [];
    const stop = await listenForEvents(t.database, (event) => events.push(event));
    try {
      expect((await reassign(admin, order.id, next.userId)).statusCode).toBe(200);
      const heard = (topic: string) => events.some((event) => event.topic === topic && event.type === 'order.status');
      await expect.poll(() => heard(`driver:${next.userId}`) && heard(`driver:${rider.userId}`)).toBe(true);
      const toNext = events.find((event) => event.topic === `driver:${next.userId}` && event.type === 'order.status');
      expect(toNext).toMatchObject({ driverId: next.userId, assigned: true });
    } finally {
      await stop();
    }
    expect((await t.app.db.select().from(emailOutbox)).length).toBe(emailsBefore);
  });
});
