import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '@shared/realtime/events.js';
import { dispatchDeclines, emailOutbox, orders } from '../db/schema.js';
import { forceStatus, openRestaurant, placeOrder } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { acceptAs, driverAt, northOf, offeredTo } from './testDrivers.js';
import { listenForEvents } from '../test/raisedEvents.js';

describe('a driver giving back an order they accepted', () => {
  const t = useTestApp();

  const stored = async (orderId: string) =>
    (await t.app.db.select({ status: orders.status, driverId: orders.driverId }).from(orders).where(eq(orders.id, orderId)))[0];

  const decline = (user: TestUser, orderId: string) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/decline`, headers: user.authHeader });

  /** Three drivers 1, 2 and 3 km from the restaurant, and an order the kitchen marked ready: the nearest, offered it, accepted it. */
  async function dispatchedOrder() {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const order = await placeOrder(t, customer, kitchen);
    await forceStatus(t, order.id, 'preparing');
    const [near, middle, far] = [await driverAt(t, northOf(1)), await driverAt(t, northOf(2)), await driverAt(t, northOf(3))];
    const ready = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: kitchen.owner.authHeader,
      payload: { status: 'ready' },
    });
    expect(ready.json().dispatch.offered).toBe(true);
    expect(await offeredTo(t, order.id)).toBe(near.userId);
    expect((await acceptAs(t, near, order.id)).statusCode).toBe(200);
    return { ...kitchen, order, near, middle, far };
  }

  it('offers the order to the next nearest driver who has not declined it, and leaves it waiting when none is left', async () => {
    const { order, near, middle, far } = await dispatchedOrder();

    const declined = await decline(near, order.id);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toEqual(expect.objectContaining({ status: 'ready', driverId: null }));
    expect(declined.json()).not.toHaveProperty('dispatch');
    expect(await offeredTo(t, order.id)).toBe(middle.userId);

    expect((await acceptAs(t, middle, order.id)).statusCode).toBe(200);
    expect((await decline(middle, order.id)).statusCode).toBe(200);
    expect(await offeredTo(t, order.id)).toBe(far.userId);

    // Declining the offer itself is the same to dispatch: never offered it again.
    expect((await decline(far, order.id)).statusCode).toBe(200);
    await expect.poll(() => offeredTo(t, order.id)).toBeNull();
    expect(await stored(order.id)).toEqual({ status: 'ready', driverId: null });
    const recorded = await t.app.db.select().from(dispatchDeclines).where(eq(dispatchDeclines.orderId, order.id));
    expect(recorded.map((row) => row.driverId).sort()).toEqual([near, middle, far].map((driver) => driver.userId).sort());

    expect((await acceptAs(t, middle, order.id)).statusCode).toBe(200);
    expect(await stored(order.id)).toEqual({ status: 'accepted', driverId: middle.userId });
  });

  it('tells waiting drivers, the restaurant and the order that it is back, and does not email the customer again', async () => {
    const { order, restaurant, near } = await dispatchedOrder();
    await t.app.db.update(orders).set({ restaurantLatitude: null, restaurantLongitude: null }).where(eq(orders.id, order.id));
    const emailsBefore = (await t.app.db.select().from(emailOutbox)).length;
    const events: RealtimeEvent[] = [];
    const stop = await listenForEvents(t.database, (event) => events.push(event));
    try {
      expect((await decline(near, order.id)).statusCode).toBe(200);
      const back = (event: RealtimeEvent) => event.type === 'order.status' && event.status === 'ready';
      await expect.poll(() => events.filter(back).length).toBe(4);
      expect(
        events
          .filter(back)
          .map((event) => event.topic)
          .sort(),
      ).toEqual([`order:${order.id}`, `restaurant:${restaurant.id}`, 'orders:all', 'orders:ready'].sort());
    } finally {
      await stop();
    }
    expect((await t.app.db.select().from(emailOutbox)).length).toBe(emailsBefore);
  });

  it('is refused once the order is picked up, to other drivers and to anyone but drivers', async () => {
    const { order, near, middle, owner } = await dispatchedOrder();

    expect((await decline(middle, order.id)).statusCode).toBe(404);
    expect((await decline(owner, order.id)).statusCode).toBe(403);
    await forceStatus(t, order.id, 'picked_up', near.userId);
    expect((await decline(near, order.id)).statusCode).toBe(422);
    expect(await stored(order.id)).toEqual({ status: 'picked_up', driverId: near.userId });
  });
});
