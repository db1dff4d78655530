import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BATCHING_MESSAGES, CARRY_MESSAGES } from '@shared/drivers/batching.js';
import type { DriverPosition } from '@shared/drivers/schemas.js';
import { CLOSURE_MESSAGES } from '@shared/orders/closures.js';
import { orders } from '../db/schema.js';
import { forceStatus, placeOrder } from '../orders/testOrders.js';
import { insertMenuItem, insertRestaurant } from '../restaurants/testFixtures.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { jobsOf } from '../test/jobs.js';
import { dispatchOrder, offerWaitingOrder } from './service.js';
import { acceptAs, carryAtMost, driverAt, northOf, offeredTo } from './testDrivers.js';

describe('batching: a rider carries up to N orders of one kitchen, or of kitchens close together', () => {
  const t = useTestApp();

  const KITCHEN = northOf(0);

  /** A kitchen at `place`, and a ready order of it waiting for a driver. */
  async function kitchenAt(place: DriverPosition) {
    const owner = await createUser(t, { role: 'restaurant' });
    const restaurant = await insertRestaurant(t.app.db, { ownerId: owner.userId, ...place });
    const dish = await insertMenuItem(t.app.db, { restaurantId: restaurant.id, name: 'Waakye', price: 2500 });
    return { owner, restaurant, dish };
  }

  async function readyOrderOf(kitchen: Awaited<ReturnType<typeof kitchenAt>>) {
    const customer = await createUser(t, { role: 'customer' });
    const order = await placeOrder(t, customer, kitchen);
    await forceStatus(t, order.id, 'ready');
    return order.id;
  }

  const carriedBy = async (driverId: string) =>
    (await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.driverId, driverId))).map((row) => row.id).sort();

  const refusal = async (res: { statusCode: number; json: () => { error: { message: string } } }) => [
    res.statusCode,
    res.json().error.message,
  ];

  it('lets a rider take a second order of the same kitchen, and refuses a third (the setting is 2)', async () => {
    const kitchen = await kitchenAt(KITCHEN);
    const [first, second, third] = [await readyOrderOf(kitchen), await readyOrderOf(kitchen), await readyOrderOf(kitchen)];
    const rider = await driverAt(t, northOf(1));

    expect((await acceptAs(t, rider, first)).statusCode).toBe(200);
    expect((await acceptAs(t, rider, second)).statusCode).toBe(200);
    expect(await refusal(await acceptAs(t, rider, third))).toEqual([409, CARRY_MESSAGES.full]);
    expect(await carriedBy(rider.userId)).toEqual([first, second].sort());
  });

  it('lets a rider add an order of a kitchen within 500 m of theirs, and refuses one farther away', async () => {
    const rider = await driverAt(t, northOf(1));
    const carried = await readyOrderOf(await kitchenAt(KITCHEN));
    const near = await readyOrderOf(await kitchenAt(northOf(0.3)));
    const far = await readyOrderOf(await kitchenAt(northOf(2)));
    expect((await acceptAs(t, rider, carried)).statusCode).toBe(200);

    expect(await refusal(await acceptAs(t, rider, far))).toEqual([409, CARRY_MESSAGES.tooFar]);
    expect((await acceptAs(t, rider, near)).statusCode).toBe(200);
  });

  it('refuses another order once the rider has picked one up, however near', async () => {
    const kitchen = await kitchenAt(KITCHEN);
    const [first, second] = [await readyOrderOf(kitchen), await readyOrderOf(kitchen)];
    const rider = await driverAt(t, northOf(1));
    expect((await acceptAs(t, rider, first)).statusCode).toBe(200);
    await forceStatus(t, first, 'picked_up');

    expect(await refusal(await acceptAs(t, rider, second))).toEqual([409, CARRY_MESSAGES.busy]);
  });

  it('takes one order at a time again once an admin sets 1, and refuses a number out of 1 to 5', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const put = (payload: unknown, user: TestUser = admin) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/batching', headers: user.authHeader, payload: payload as object });
    const read = () => t.app.inject({ method: 'GET', url: '/api/admin/batching', headers: admin.authHeader });

    expect((await read()).json()).toEqual({ maxCarriedOrders: 2 });
    for (const wrong of [0, 6, 2.5, '2', null]) {
      const res = await put({ maxCarriedOrders: wrong });
      expect(res.statusCode, String(wrong)).toBe(400);
      expect(res.body).toContain(BATCHING_MESSAGES.range);
    }
    const rider = await driverAt(t, northOf(1));
    expect((await put({ maxCarriedOrders: 1 }, rider)).statusCode).toBe(403);
    expect((await read()).json()).toEqual({ maxCarriedOrders: 2 });

    expect((await put({ maxCarriedOrders: 1 })).json()).toEqual({ maxCarriedOrders: 1 });
    expect((await read()).json()).toEqual({ maxCarriedOrders: 1 });
    const status = await t.app.inject({ method: 'GET', url: '/api/drivers/me', headers: rider.authHeader });
    expect(status.json().maxCarriedOrders).toBe(1);

    const kitchen = await kitchenAt(KITCHEN);
    const [first, second] = [await readyOrderOf(kitchen), await readyOrderOf(kitchen)];
    expect((await acceptAs(t, rider, first)).statusCode).toBe(200);
    expect(await refusal(await acceptAs(t, rider, second))).toEqual([409, CARRY_MESSAGES.full]);
    // Dispatch follows the setting too: the second order goes to a free rider.
    const free = await driverAt(t, northOf(3));
    await dispatchOrder(t.app, second);
    expect(await offeredTo(t, second)).toBe(free.userId);
  });

  it('offers the second order of a kitchen to the rider collecting the first, before a nearer free rider', async () => {
    const kitchen = await kitchenAt(KITCHEN);
    const first = await readyOrderOf(kitchen);
    const collecting = await driverAt(t, northOf(2));
    await driverAt(t, northOf(0.1));
    expect((await acceptAs(t, collecting, first)).statusCode).toBe(200);

    const second = await readyOrderOf(kitchen);
    const outcome = await dispatchOrder(t.app, second);

    expect(outcome.outcome).toMatchObject({ offered: true });
    expect(await offeredTo(t, second)).toBe(collecting.userId);
    expect((await acceptAs(t, collecting, second)).statusCode).toBe(200);
    expect(await carriedBy(collecting.userId)).toEqual([first, second].sort());
  });

  it('offers a rider who takes an order the other one waiting at that kitchen at once, so both go together', async () => {
    const kitchen = await kitchenAt(KITCHEN);
    const first = await readyOrderOf(kitchen);
    const second = await readyOrderOf(kitchen);
    const rider = await driverAt(t, northOf(1));

    expect((await acceptAs(t, rider, first)).statusCode).toBe(200);

    await expect.poll(() => offeredTo(t, second)).toBe(rider.userId);
    expect((await acceptAs(t, rider, second)).statusCode).toBe(200);
    expect(await carriedBy(rider.userId)).toEqual([first, second].sort());
  });

  it('queues no offer for a rider who takes an order with nothing waiting alongside it, or while riders carry one at a time', async () => {
    const kitchen = await kitchenAt(KITCHEN);
    const rider = await driverAt(t, northOf(1));
    await readyOrderOf(await kitchenAt(northOf(0.9)));
    expect((await acceptAs(t, rider, await readyOrderOf(kitchen))).statusCode).toBe(200);

    const other = await driverAt(t, northOf(1.5));
    await carryAtMost(t, 1);
    const first = await readyOrderOf(kitchen);
    await readyOrderOf(kitchen);
    expect((await acceptAs(t, other, first)).statusCode).toBe(200);

    expect(await jobsOf(t.app.db, 'offer-rider')).toEqual([]);
  });

  it('offers the order to a free rider when the one collecting nearby is full, has picked up, or collects too far away', async () => {
    const kitchen = await kitchenAt(KITCHEN);
    const full = await driverAt(t, northOf(0.1));
    for (const orderId of [await readyOrderOf(kitchen), await readyOrderOf(kitchen)])
      await forceStatus(t, orderId, 'accepted', full.userId);
    const pickedUp = await driverAt(t, northOf(0.2));
    await forceStatus(t, await readyOrderOf(kitchen), 'picked_up', pickedUp.userId);
    const farAway = await driverAt(t, northOf(0.3));
    await forceStatus(t, await readyOrderOf(await kitchenAt(northOf(3))), 'accepted', farAway.userId);
    const free = await driverAt(t, northOf(4));

    const order = await readyOrderOf(kitchen);
    await dispatchOrder(t.app, order);

    expect(await offeredTo(t, order)).toBe(free.userId);
  });

  it('offers a rider coming back online an order waiting at the kitchen they collect from, not one too far from it', async () => {
    const rider = await driverAt(t, northOf(1));
    const kitchen = await kitchenAt(KITCHEN);
    await forceStatus(t, await readyOrderOf(kitchen), 'accepted', rider.userId);
    const far = await readyOrderOf(await kitchenAt(northOf(0.9)));
    expect(await offerWaitingOrder(t.app, rider.userId)).toBe(false);
    expect(await offeredTo(t, far)).toBeNull();

    const near = await readyOrderOf(kitchen);
    expect(await offerWaitingOrder(t.app, rider.userId)).toBe(true);
    expect(await offeredTo(t, near)).toBe(rider.userId);
  });

  it('lets support give a rider an order they have room for, and says why not otherwise', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const reassign = (orderId: string, driverId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${orderId}/reassign`,
        headers: admin.authHeader,
        payload: { driverId },
      });
    const kitchen = await kitchenAt(KITCHEN);
    const rider = await driverAt(t, northOf(1));
    await forceStatus(t, await readyOrderOf(kitchen), 'accepted', rider.userId);

    expect(await refusal(await reassign(await readyOrderOf(await kitchenAt(northOf(2))), rider.userId))).toEqual([
      409,
      CLOSURE_MESSAGES.driverTooFar,
    ]);
    expect((await reassign(await readyOrderOf(kitchen), rider.userId)).statusCode).toBe(200);
    expect(await refusal(await reassign(await readyOrderOf(kitchen), rider.userId))).toEqual([409, CLOSURE_MESSAGES.driverFull]);
  });

  it('of several accepts at once by one rider, never leaves them carrying more than N', async () => {
    const kitchen = await kitchenAt(KITCHEN);
    const rider = await driverAt(t, northOf(1));
    await forceStatus(t, await readyOrderOf(kitchen), 'accepted', rider.userId);
    const racing = await Promise.all(Array.from({ length: 4 }, () => readyOrderOf(kitchen)));

    const replies = await Promise.all(racing.map((orderId) => acceptAs(t, rider, orderId)));

    expect(replies.map((res) => res.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(await carriedBy(rider.userId)).toHaveLength(2);
  });

  it('of two dispatches at once to a rider with room for one more, offers them one and the other to someone else', async () => {
    const kitchen = await kitchenAt(KITCHEN);
    const rider = await driverAt(t, northOf(0.1));
    await forceStatus(t, await readyOrderOf(kitchen), 'accepted', rider.userId);
    const other = await driverAt(t, northOf(2));
    const [a, b] = [await readyOrderOf(kitchen), await readyOrderOf(kitchen)];

    await Promise.all([dispatchOrder(t.app, a), dispatchOrder(t.app, b)]);

    expect([await offeredTo(t, a), await offeredTo(t, b)].sort()).toEqual([rider.userId, other.userId].sort());
  });
});
