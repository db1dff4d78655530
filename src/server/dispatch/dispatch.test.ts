import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import type { RealtimeEvent } from '@shared/realtime/events.js';
import { orders } from '../db/schema.js';
import { forceStatus, openRestaurant, placeOrder } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { dispatchOrder, offerWaitingOrder } from './service.js';
import { acceptAs, driverAt, northOf, offeredTo, offersOf } from './testDrivers.js';
import { listenForEvents } from '../test/raisedEvents.js';

describe('automatic dispatch offers an order when the kitchen marks it ready', () => {
  const t = useTestApp();

  const stored = async (orderId: string) =>
    (await t.app.db.select({ status: orders.status, driverId: orders.driverId }).from(orders).where(eq(orders.id, orderId)))[0];

  /** A customer's order at a new restaurant, being prepared: the kitchen's next move is 'ready'. */
  async function orderInKitchen() {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const order = await placeOrder(t, customer, kitchen);
    await forceStatus(t, order.id, 'preparing');
    return { ...kitchen, order };
  }

  const markReady = (owner: TestUser, orderId: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/status`,
      headers: owner.authHeader,
      payload: { status: 'ready' },
    });

  it('offers the order to the nearest eligible driver, skipping unverified, offline, stale, busy, distant and already offered ones', async () => {
    const { owner, order } = await orderInKitchen();
    await driverAt(t, northOf(0.2), { verified: false });
    await driverAt(t, northOf(0.3), { available: false });
    await driverAt(t, northOf(0.4), { positionAgeMs: 3 * 60_000 });
    const busy = await driverAt(t, northOf(0.5));
    const elsewhere = await orderInKitchen();
    await forceStatus(t, elsewhere.order.id, 'picked_up', busy.userId);
    await driverAt(t, northOf(10.5));
    await driverAt(t, northOf(3), { fullName: 'Esi Second' });
    const nearest = await driverAt(t, northOf(1), { fullName: 'Kofi Nearest' });

    const res = await markReady(owner, order.id);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ready',
      driverId: null,
      dispatch: { offered: true, driverName: 'Kofi Nearest', seconds: 45 },
    });
    expect(await stored(order.id)).toEqual({ status: 'ready', driverId: null });
    expect(await offeredTo(t, order.id)).toBe(nearest.userId);

    // Kofi holds an offer already: the next order goes to the next nearest.
    const next = await orderInKitchen();
    expect((await markReady(next.owner, next.order.id)).json().dispatch).toEqual({
      offered: true,
      driverName: 'Esi Second',
      seconds: 45,
    });

    const last = await orderInKitchen();
    const unoffered = await markReady(last.owner, last.order.id);
    expect(unoffered.json()).toMatchObject({ status: 'ready', driverId: null, dispatch: { offered: false } });
    expect(await offeredTo(t, last.order.id)).toBeNull();
  });

  it('offers a driver coming online the nearest waiting order, not the oldest, and the oldest of one place first', async () => {
    const waiting = async (place: { latitude: number; longitude: number }, minutesAgo: number) => {
      const { order } = await orderInKitchen();
      await t.app.db
        .update(orders)
        .set({
          status: 'ready',
          restaurantLatitude: place.latitude,
          restaurantLongitude: place.longitude,
          createdAt: new Date(Date.now() - minutesAgo * 60_000),
        })
        .where(eq(orders.id, order.id));
      return order.id;
    };
    const here = northOf(0);
    const far = await waiting(northOf(4.8), 30);
    const nearNewer = await waiting(northOf(0.05), 2);
    const nearOlder = await waiting(northOf(0.05), 5);

    const first = await driverAt(t, here);
    expect(await offerWaitingOrder(t.app, first.userId)).toBe(true);
    expect(await offeredTo(t, nearOlder)).toBe(first.userId);
    expect(await offerWaitingOrder(t.app, first.userId)).toBe(false);
    const second = await driverAt(t, here);
    expect(await offerWaitingOrder(t.app, second.userId)).toBe(true);
    expect(await offeredTo(t, nearNewer)).toBe(second.userId);
    expect(await offeredTo(t, far)).toBeNull();
  });

  it('never dispatches from a restaurant without coordinates, or at 0,0', async () => {
    await driverAt(t, { latitude: 0.001, longitude: 0.001 });
    await driverAt(t, northOf(0.5));
    for (const place of [
      { restaurantLatitude: 0, restaurantLongitude: 0 },
      { restaurantLatitude: null, restaurantLongitude: null },
    ]) {
      const { owner, order } = await orderInKitchen();
      await t.app.db.update(orders).set(place).where(eq(orders.id, order.id));
      expect((await markReady(owner, order.id)).json().dispatch).toEqual({ offered: false });
      expect(await offeredTo(t, order.id)).toBeNull();
    }
  });

  it('tells the offered driver, the waiting drivers and the admins of the offer, and nobody of the customer', async () => {
    const { owner, order } = await orderInKitchen();
    const driver = await driverAt(t, northOf(1));
    const events: RealtimeEvent[] = [];
    const stop = await listenForEvents(t.database, (event) => events.push(event));
    try {
      expect((await markReady(owner, order.id)).statusCode).toBe(200);
      const offered = (event: RealtimeEvent) => event.type === 'order.offer' && event.open;
      await expect.poll(() => events.filter(offered).length).toBe(3);
      expect(
        events
          .filter(offered)
          .map((event) => event.topic)
          .sort(),
      ).toEqual([`driver:${driver.userId}`, 'orders:all', 'orders:ready'].sort());
      expect(events.filter(offered).every((event) => 'driverId' in event && event.driverId === driver.userId)).toBe(true);
      expect(events.some((event) => event.topic === `order:${order.id}` && event.type === 'order.offer')).toBe(false);
    } finally {
      await stop();
    }
  });

  it('alerts the admins live when a ready order finds nobody to offer it to, and only then', async () => {
    const { owner, order } = await orderInKitchen();
    await driverAt(t, northOf(25));
    const events: RealtimeEvent[] = [];
    const stop = await listenForEvents(t.database, (event) => events.push(event));
    try {
      expect((await markReady(owner, order.id)).json().dispatch).toEqual({ offered: false });
      const alerts = () => events.filter((event) => event.type === 'dispatch.no_rider');
      await expect.poll(() => alerts().length).toBe(1);
      expect(alerts()[0]).toEqual({ topic: 'orders:all', type: 'dispatch.no_rider', orderId: order.id });

      const near = await orderInKitchen();
      await driverAt(t, northOf(1));
      expect((await markReady(near.owner, near.order.id)).json().dispatch.offered).toBe(true);
      await expect.poll(() => events.filter((event) => event.type === 'order.offer').length).toBe(3);
      expect(alerts()).toHaveLength(1);
    } finally {
      await stop();
    }
  });

  it('makes an order already on offer no second offer and raises no alert, whether another driver is free or not', async () => {
    const { order } = await orderInKitchen();
    await forceStatus(t, order.id, 'ready');
    const nearest = await driverAt(t, northOf(1));
    const events: RealtimeEvent[] = [];
    const stop = await listenForEvents(t.database, (event) => events.push(event));
    try {
      expect((await dispatchOrder(t.app, order.id)).outcome.offered).toBe(true);
      expect((await dispatchOrder(t.app, order.id)).outcome).toEqual({ offered: false });
      await driverAt(t, northOf(2));
      expect((await dispatchOrder(t.app, order.id)).outcome).toEqual({ offered: false });

      expect((await offersOf(t, order.id)).map((offer) => offer.driverId)).toEqual([nearest.userId]);
      const offerEvents = () => events.filter((event) => event.type === 'order.offer');
      await expect.poll(() => offerEvents().length).toBe(3);
      await t.database.caughtUp();
      expect(offerEvents()).toHaveLength(3);
      expect(events.filter((event) => event.type === 'dispatch.no_rider')).toEqual([]);
    } finally {
      await stop();
    }
  });

  it('offers two orders marked ready at the same moment to two different drivers', async () => {
    const first = await orderInKitchen();
    const second = await orderInKitchen();
    const drivers = [await driverAt(t, northOf(1)), await driverAt(t, northOf(1.01))];

    const replies = await Promise.all([markReady(first.owner, first.order.id), markReady(second.owner, second.order.id)]);

    expect(replies.map((res) => res.json().dispatch.offered)).toEqual([true, true]);
    const offered = [await offeredTo(t, first.order.id), await offeredTo(t, second.order.id)];
    expect(new Set(offered).size).toBe(2);
    expect(offered.sort()).toEqual(drivers.map((driver) => driver.userId).sort());
  });

  it('never makes one order two offers nor gives it two drivers, whether dispatch runs twice at once or a driver accepts meanwhile', async () => {
    const { order } = await orderInKitchen();
    await forceStatus(t, order.id, 'ready');
    await driverAt(t, northOf(1));
    await driverAt(t, northOf(2));
    const accepting = await driverAt(t, northOf(3));

    const [a, b, accepted] = await Promise.all([
      dispatchOrder(t.app, order.id),
      dispatchOrder(t.app, order.id),
      acceptAs(t, accepting, order.id),
    ]);

    const offers = await offersOf(t, order.id);
    expect(offers.length).toBeLessThanOrEqual(1);
    expect([a.outcome.offered, b.outcome.offered].filter(Boolean)).toHaveLength(offers.length);
    if (accepted.statusCode === 200) {
      expect(await stored(order.id)).toEqual({ status: 'accepted', driverId: accepting.userId });
      expect(offers).toEqual([]);
    } else {
      expect(accepted.statusCode).toBe(409);
      expect(accepted.json().error.message).toBe(DRIVER_MESSAGES.offeredToAnother);
      expect(await stored(order.id)).toEqual({ status: 'ready', driverId: null });
      expect(offers).toHaveLength(1);
    }
  });
});
