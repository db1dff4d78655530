import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CLOSURE_MESSAGES } from '@shared/orders/closures.js';
import { topics, type RealtimeEvent } from '@shared/realtime/events.js';
import { emailOutbox, orders } from '../db/schema.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { forceStatus, moveAs, openRestaurant, placeOrder } from './testOrders.js';
import { listenForEvents } from '../test/raisedEvents.js';

describe('support takes an order back from its rider before pickup', () => {
  const t = useTestApp();

  const takeBack = (user: TestUser, orderId: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/orders/${orderId}/take-back`, headers: user.authHeader });
  const reassign = (user: TestUser, orderId: string, driverId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/reassign`,
      headers: user.authHeader,
      payload: { driverId },
    });
  const stored = async (orderId: string) =>
    (
      await t.app.db
        .select({ status: orders.status, driverId: orders.driverId, readyAt: orders.readyAt })
        .from(orders)
        .where(eq(orders.id, orderId))
    )[0];

  /** An order the kitchen marked ready and a rider accepted from the list. */
  async function acceptedOrder() {
    const admin = await createUser(t, { role: 'admin' });
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const rider = await createUser(t, { role: 'driver', verifiedDriver: true });
    const order = await placeOrder(t, customer, kitchen);
    await forceStatus(t, order.id, 'preparing');
    expect((await moveAs(t, kitchen.owner, order.id, 'ready')).statusCode).toBe(200);
    expect((await moveAs(t, rider, order.id, 'accepted')).statusCode).toBe(200);
    return { admin, kitchen, customer, rider, order };
  }

  it('puts an accepted order back to ready with no rider, keeping when it was first ready, and the rider no longer lists it', async () => {
    const { admin, rider, order } = await acceptedOrder();
    const readyAt = (await stored(order.id))?.readyAt;
    expect(readyAt).toBeInstanceOf(Date);
    const emailsBefore = (await t.app.db.select().from(emailOutbox)).length;

    const res = await takeBack(admin, order.id.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: order.id, status: 'ready', driverId: null });
    expect(await stored(order.id)).toEqual({ status: 'ready', driverId: null, readyAt });
    expect((await t.app.db.select().from(emailOutbox)).length).toBe(emailsBefore);

    const deliveries = await t.app.inject({ method: 'GET', url: '/api/orders/deliveries', headers: rider.authHeader });
    expect(deliveries.json().items).toEqual([]);
    // Nobody was given it by dispatch: it waits, and any rider may accept it again from the list.
    const available = await t.app.inject({ method: 'GET', url: '/api/orders/available', headers: rider.authHeader });
    expect(available.json().items).toEqual([expect.objectContaining({ id: order.id })]);
  });

  it('answers 409 to a second take-back, and to one racing it', async () => {
    const { admin, order } = await acceptedOrder();
    const answers = await Promise.all([takeBack(admin, order.id), takeBack(admin, order.id)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const again = await takeBack(admin, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(CLOSURE_MESSAGES.alreadyWaiting);
  });

  it('refuses a picked-up order with a clear 422, and orders without a rider on the way', async () => {
    const { admin, rider, order } = await acceptedOrder();
    expect((await moveAs(t, rider, order.id, 'picked_up')).statusCode).toBe(200);
    const res = await takeBack(admin, order.id);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(CLOSURE_MESSAGES.takeBackPickedUp);
    expect(await stored(order.id)).toMatchObject({ status: 'picked_up', driverId: rider.userId });

    const kitchen = await openRestaurant(t);
    const confirmed = await placeOrder(t, await createUser(t, { role: 'customer' }), kitchen);
    const early = await takeBack(admin, confirmed.id);
    expect(early.statusCode).toBe(422);
    expect(early.json().error.message).toBe(CLOSURE_MESSAGES.takeBackImpossible);
    const missing = await takeBack(admin, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect((await takeBack(admin, 'not-an-id')).statusCode).toBe(400);
  });

  it('refuses everyone but admins, the order left with its rider', async () => {
    const { kitchen, customer, rider, order } = await acceptedOrder();
    for (const user of [kitchen.owner, customer, rider, await createUser(t, { role: 'manager' })]) {
      expect((await takeBack(user, order.id)).statusCode).toBe(403);
    }
    expect(await stored(order.id)).toMatchObject({ status: 'accepted', driverId: rider.userId });
  });

  it('tells the rider it was taken from, the kitchen and the admins at once', async () => {
    const { admin, kitchen, rider, order } = await acceptedOrder();
    const events: RealtimeEvent[] = [];
    const stop = await listenForEvents(t.database, (event) => events.push(event));
    try {
      expect((await takeBack(admin, order.id)).statusCode).toBe(200);
      const heard = (topic: string) =>
        events.some((event) => event.topic === topic && event.type === 'order.status' && event.status === 'ready');
      const audience = [
        topics.driver(rider.userId),
        topics.restaurant(kitchen.restaurant.id),
        topics.allOrders(),
        topics.ordersReady(),
      ];
      await expect.poll(() => audience.filter((topic) => !heard(topic))).toEqual([]);
    } finally {
      await stop();
    }
  });

  it('lets support then assign the order by hand to another rider, who finds it in their deliveries', async () => {
    const { admin, rider, order } = await acceptedOrder();
    expect((await takeBack(admin, order.id)).statusCode).toBe(200);
    const next = await createUser(t, { role: 'driver', verifiedDriver: true });
    const res = await reassign(admin, order.id, next.userId);
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(order.id)).toMatchObject({ status: 'accepted', driverId: next.userId });
    const theirs = await t.app.inject({ method: 'GET', url: '/api/orders/deliveries', headers: next.authHeader });
    expect(theirs.json().items).toEqual([expect.objectContaining({ id: order.id })]);
    const formerly = await t.app.inject({ method: 'GET', url: '/api/orders/deliveries', headers: rider.authHeader });
    expect(formerly.json().items).toEqual([]);
  });
});
