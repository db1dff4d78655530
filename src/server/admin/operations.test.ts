import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operationsSchema } from '@shared/admin/operations.js';
import { topics, type RealtimeEvent } from '@shared/realtime/events.js';
import { drivers, orders, users } from '../db/schema.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { offerWaitingOrder } from '../dispatch/service.js';
import { forceStatus, moveAs, openRestaurant, placeOrder } from '../orders/testOrders.js';
import { listenForEvents } from '../test/raisedEvents.js';

describe('the live operations view', () => {
  const t = useTestApp();

  const read = (user: TestUser) => t.app.inject({ method: 'GET', url: '/api/admin/operations', headers: user.authHeader });
  const placeAt = (driverId: string, latitude: number, longitude: number) =>
    t.app.db.update(drivers).set({ latitude, longitude, lastLocationUpdate: new Date() }).where(eq(drivers.userId, driverId));

  it('lists ready orders without a rider, orders on the road, and the riders online with what they carry', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const [waiting, carried, preparing] = [
      await placeOrder(t, customer, kitchen),
      await placeOrder(t, customer, kitchen),
      await placeOrder(t, customer, kitchen),
    ];
    const free = await createUser(t, { role: 'driver', verifiedDriver: true, fullName: 'Kofi Free' });
    const busy = await createUser(t, { role: 'driver', verifiedDriver: true, available: false, fullName: 'Ama Busy' });
    const offline = await createUser(t, { role: 'driver', verifiedDriver: true, available: false });
    const unverified = await createUser(t, { role: 'driver', available: true });
    const disabled = await createUser(t, { role: 'driver', verifiedDriver: true });
    const stuck = await createUser(t, { role: 'driver', verifiedDriver: true, fullName: 'Yaw Stuck' });
    for (const rider of [disabled, stuck]) {
      await t.app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, rider.userId));
    }
    const stuckOrder = await placeOrder(t, customer, kitchen);
    await forceStatus(t, stuckOrder.id, 'accepted', stuck.userId);

    for (const order of [waiting, carried, preparing]) await forceStatus(t, order.id, 'preparing');
    for (const order of [waiting, carried]) expect((await moveAs(t, kitchen.owner, order.id, 'ready')).statusCode).toBe(200);
    await forceStatus(t, carried.id, 'picked_up', busy.userId);
    // A position only now, or dispatch would have given the waiting order to them.
    await placeAt(free.userId, 5.56, -0.19);

    const before = Date.now();
    const res = await read(admin);
    expect(res.statusCode, res.body).toBe(200);
    const view = operationsSchema.parse(res.json());
    expect(Date.parse(view.serverTime)).toBeGreaterThanOrEqual(before - 1000);
    expect(view.limit).toBe(500);

    expect(view.waiting).toEqual([
      expect.objectContaining({
        id: waiting.id,
        shortId: waiting.id.slice(0, 8),
        status: 'ready',
        restaurantName: expect.any(String),
        driverId: null,
        driverName: null,
        offeredTo: null,
      }),
    ]);
    const readyAt = Date.parse(view.waiting[0]!.readyAt);
    expect(readyAt).toBeLessThanOrEqual(Date.parse(view.serverTime));
    expect(readyAt).toBeGreaterThan(before - 60_000);
    expect(view.onTheRoad).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: carried.id, status: 'picked_up', driverId: busy.userId, driverName: 'Ama Busy' }),
        expect.objectContaining({ id: stuckOrder.id, status: 'accepted', driverId: stuck.userId, driverName: 'Yaw Stuck' }),
      ]),
    );
    expect(view.onTheRoad).toHaveLength(2);

    // A disabled rider carrying an order is listed, so support sees whom it is stuck with.
    const riders = view.riders.map((rider) => rider.id);
    expect(riders.sort()).toEqual([free.userId, busy.userId, stuck.userId].sort());
    for (const hidden of [offline, unverified, disabled]) expect(riders).not.toContain(hidden.userId);
    expect(view.riders[0]).toMatchObject({
      id: free.userId,
      fullName: 'Kofi Free',
      isAvailable: true,
      latitude: 5.56,
      carrying: [],
    });
    expect(Date.parse(view.riders[0]!.lastLocationUpdate ?? '')).toBeGreaterThan(before - 60_000);
    expect(view.riders.find((rider) => rider.id === busy.userId)).toMatchObject({
      isAvailable: false,
      lastLocationUpdate: null,
      carrying: [{ id: carried.id, shortId: carried.id.slice(0, 8), status: 'picked_up' }],
    });

    // Offered to the free rider, the waiting order says to whom while they have not answered.
    expect(await offerWaitingOrder(t.app, free.userId)).toBe(true);
    const offered = operationsSchema.parse((await read(admin)).json());
    expect(offered.waiting).toEqual([expect.objectContaining({ id: waiting.id, offeredTo: 'Kofi Free' })]);
  });

  it('answers empty lists when nothing is waiting and nobody is online', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const view = operationsSchema.parse((await read(admin)).json());
    expect(view).toMatchObject({ waiting: [], onTheRoad: [], riders: [] });
  });

  it('is for admins alone', async () => {
    const kitchen = await openRestaurant(t);
    const others = [
      kitchen.owner,
      await createUser(t, { role: 'customer' }),
      await createUser(t, { role: 'driver', verifiedDriver: true }),
      await createUser(t, { role: 'manager' }),
    ];
    for (const user of others) expect((await read(user)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/operations' })).statusCode).toBe(401);
  });

  it('lets an admin assign a waiting order by hand to a rider from it, who then carries it', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const kitchen = await openRestaurant(t);
    const order = await placeOrder(t, await createUser(t, { role: 'customer' }), kitchen);
    await forceStatus(t, order.id, 'ready');
    await t.app.db.update(orders).set({ readyAt: new Date() }).where(eq(orders.id, order.id));
    const rider = await createUser(t, { role: 'driver', verifiedDriver: true, fullName: 'Yaw Rider' });

    const before = operationsSchema.parse((await read(admin)).json());
    expect(before.waiting.map((waiting) => waiting.id)).toEqual([order.id]);
    const assigned = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/reassign`,
      headers: admin.authHeader,
      payload: { driverId: before.riders[0]!.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);

    const after = operationsSchema.parse((await read(admin)).json());
    expect(after.waiting).toEqual([]);
    expect(after.onTheRoad).toEqual([expect.objectContaining({ id: order.id, status: 'accepted', driverName: 'Yaw Rider' })]);
    expect(after.riders).toEqual([
      expect.objectContaining({ id: rider.userId, carrying: [expect.objectContaining({ id: order.id, status: 'accepted' })] }),
    ]);
  });

  it("raises riders' positions and availability on the admins' operations topic", async () => {
    const rider = await createUser(t, { role: 'driver', verifiedDriver: true, available: false });
    const events: RealtimeEvent[] = [];
    const stop = await listenForEvents(t.database, (event) => events.push(event));
    try {
      const online = await t.app.inject({
        method: 'PATCH',
        url: '/api/drivers/me/availability',
        headers: rider.authHeader,
        payload: { available: true },
      });
      expect(online.statusCode, online.body).toBe(200);
      const moved = await t.app.inject({
        method: 'PUT',
        url: '/api/drivers/me/location',
        headers: rider.authHeader,
        payload: { latitude: 5.6, longitude: -0.2 },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      const onOperations = () => events.filter((event) => event.topic === topics.operations());
      await expect.poll(() => onOperations().length).toBe(2);
      expect(onOperations()).toEqual([
        { topic: topics.operations(), type: 'driver.updated', driverId: rider.userId },
        {
          topic: topics.operations(),
          type: 'driver.location',
          driverId: rider.userId,
          latitude: 5.6,
          longitude: -0.2,
          at: moved.json().lastLocationUpdate,
        },
      ]);
    } finally {
      await stop();
    }
  });
});
