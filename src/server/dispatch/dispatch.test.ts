import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { realtimeEventSchema, type RealtimeEvent } from '@shared/realtime/events.js';
import { orders } from '../db/schema.js';
import { forceStatus, openRestaurant, placeOrder } from '../orders/testOrders.js';
import { REALTIME_CHANNEL } from '../realtime/publish.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { dispatchOrder, offerWaitingOrder } from './service.js';
import { driverAt, northOf } from './testDrivers.js';

describe('automatic dispatch when the kitchen marks an order ready', () => {
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

  it('gives the order to the nearest eligible driver, skipping unverified, offline, stale, busy and distant ones', async () => {
    const { owner, order } = await orderInKitchen();
    await driverAt(t, northOf(0.2), { verified: false });
    await driverAt(t, northOf(0.3), { available: false });
    await driverAt(t, northOf(0.4), { positionAgeMs: 3 * 60_000 });
    const busy = await driverAt(t, northOf(0.5));
    const elsewhere = await orderInKitchen();
    await forceStatus(t, elsewhere.order.id, 'accepted', busy.userId);
    await driverAt(t, northOf(10.5));
    await driverAt(t, northOf(3), { fullName: 'Esi Second' });
    const nearest = await driverAt(t, northOf(1), { fullName: 'Kofi Nearest' });

    const res = await markReady(owner, order.id);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'accepted',
      statusLabel: 'En Route to Restaurant',
      driverId: nearest.userId,
      dispatch: { assigned: true, driverName: 'Kofi Nearest' },
    });
    expect(await stored(order.id)).toEqual({ status: 'accepted', driverId: nearest.userId });

    const next = await orderInKitchen();
    expect((await markReady(next.owner, next.order.id)).json().dispatch).toEqual({ assigned: true, driverName: 'Esi Second' });

    const last = await orderInKitchen();
    const unassigned = await markReady(last.owner, last.order.id);
    expect(unassigned.json()).toMatchObject({ status: 'ready', driverId: null, dispatch: { assigned: false } });
    expect(await stored(last.order.id)).toEqual({ status: 'ready', driverId: null });
  });

  it('gives a driver coming online the nearest waiting order, not the oldest, and the oldest of one place first', async () => {
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
    expect(await stored(nearOlder)).toEqual({ status: 'accepted', driverId: first.userId });
    const second = await driverAt(t, here);
    expect(await offerWaitingOrder(t.app, second.userId)).toBe(true);
    expect(await stored(nearNewer)).toEqual({ status: 'accepted', driverId: second.userId });
    expect(await stored(far)).toEqual({ status: 'ready', driverId: null });
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
      expect((await markReady(owner, order.id)).json().dispatch).toEqual({ assigned: false });
      expect(await stored(order.id)).toEqual({ status: 'ready', driverId: null });
    }
  });

  it('tells the order, its restaurant, the assigned driver and the waiting drivers, saying dispatch gave it', async () => {
    const { owner, order, restaurant } = await orderInKitchen();
    const driver = await driverAt(t, northOf(1));
    const events: RealtimeEvent[] = [];
    const stop = await t.database.listen(REALTIME_CHANNEL, (payload) =>
      events.push(realtimeEventSchema.parse(JSON.parse(payload))),
    );
    try {
      expect((await markReady(owner, order.id)).statusCode).toBe(200);
      const assigned = (event: RealtimeEvent) => event.type === 'order.status' && event.status === 'accepted';
      await expect.poll(() => events.filter(assigned).length).toBe(5);
      expect(
        events
          .filter(assigned)
          .map((event) => event.topic)
          .sort(),
      ).toEqual(
        [`order:${order.id}`, `restaurant:${restaurant.id}`, 'orders:all', `driver:${driver.userId}`, 'orders:ready'].sort(),
      );
      expect(events.filter(assigned).every((event) => 'driverId' in event && event.driverId === driver.userId)).toBe(true);
      expect(events.filter(assigned).every((event) => 'assigned' in event && event.assigned === true)).toBe(true);
    } finally {
      await stop();
    }
  });

  it('gives two orders marked ready at the same moment to two different drivers', async () => {
    const first = await orderInKitchen();
    const second = await orderInKitchen();
    const drivers = [await driverAt(t, northOf(1)), await driverAt(t, northOf(1.01))];

    const replies = await Promise.all([markReady(first.owner, first.order.id), markReady(second.owner, second.order.id)]);

    expect(replies.map((res) => res.json().dispatch.assigned)).toEqual([true, true]);
    const given = [(await stored(first.order.id))?.driverId, (await stored(second.order.id))?.driverId];
    expect(new Set(given).size).toBe(2);
    expect(given.sort()).toEqual(drivers.map((driver) => driver.userId).sort());
  });

  it('never gives one order two drivers, whether dispatch runs twice at once or a driver accepts meanwhile', async () => {
    const { order } = await orderInKitchen();
    await forceStatus(t, order.id, 'ready');
    await driverAt(t, northOf(1));
    await driverAt(t, northOf(2));
    const accepting = await driverAt(t, northOf(3));

    const [a, b, accepted] = await Promise.all([
      dispatchOrder(t.app, order.id),
      dispatchOrder(t.app, order.id),
      t.app.inject({
        method: 'PATCH',
        url: `/api/orders/${order.id}/status`,
        headers: accepting.authHeader,
        payload: { status: 'accepted' },
      }),
    ]);

    const winners = [a.outcome.assigned, b.outcome.assigned, accepted.statusCode === 200].filter(Boolean);
    expect(winners).toHaveLength(1);
    const winner = a.order ?? b.order ?? accepted.json<{ driverId: string }>();
    expect(await stored(order.id)).toEqual({ status: 'accepted', driverId: winner.driverId });
  });
});
