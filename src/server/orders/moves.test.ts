import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { ORDER_MESSAGES } from '@shared/orders/schemas.js';
import type { RealtimeEvent } from '@shared/realtime/events.js';
import { orders, restaurantMembers } from '../db/schema.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { moveOrder } from './moves.js';
import { forceStatus, openRestaurant, placeOrder } from './testOrders.js';
import { listenForEvents } from '../test/raisedEvents.js';

describe('every order move is one command judged by one policy', () => {
  const t = useTestApp();

  const move = (user: TestUser, orderId: string, status: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, headers: user.authHeader, payload: { status } });

  const stored = async (orderId: string) =>
    (await t.app.db.select({ status: orders.status, driverId: orders.driverId }).from(orders).where(eq(orders.id, orderId)))[0];

  async function readyOrder() {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const order = await placeOrder(t, customer, kitchen);
    await forceStatus(t, order.id, 'ready');
    return { ...kitchen, customer, order };
  }

  it('lets a verified driver accept a ready order nobody has, taking it as its driver; of two drivers one wins', async () => {
    const { order } = await readyOrder();
    const [first, second] = await Promise.all([
      createUser(t, { role: 'driver', verifiedDriver: true }),
      createUser(t, { role: 'driver', verifiedDriver: true }),
    ]);

    const [a, b] = await Promise.all([move(first, order.id, 'accepted'), move(second, order.id, 'accepted')]);

    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? first : second;
    expect(await stored(order.id)).toEqual({ status: 'accepted', driverId: winner.userId });
    expect((a.statusCode === 200 ? a : b).json()).toMatchObject({ status: 'accepted', driverId: winner.userId });
  });

  it('refuses accepting to unverified drivers (403, saying why) and, with 409, to drivers who came too late', async () => {
    const { order } = await readyOrder();
    const unverified = await createUser(t, { role: 'driver' });
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const late = await createUser(t, { role: 'driver', verifiedDriver: true });

    const refused = await move(unverified, order.id, 'accepted');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(DRIVER_MESSAGES.notVerified);
    expect((await move(driver, order.id, 'accepted')).statusCode).toBe(200);
    const tooLate = await move(late, order.id, 'accepted');
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error.message).toBe(ORDER_MESSAGES.taken);
    expect((await move(late, order.id, 'picked_up')).statusCode).toBe(404);
    expect(await stored(order.id)).toEqual({ status: 'accepted', driverId: driver.userId });
  });

  it("lets only the order's own driver pick it up, and tells the order, its restaurant, the admins, the driver and waiting drivers", async () => {
    const { order, restaurant, owner } = await readyOrder();
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const events: RealtimeEvent[] = [];
    // The move's own news: dispatch (offering the ready order, alerting that no rider took it) may raise events of its own meanwhile.
    const stop = await listenForEvents(t.database, (event) => {
      if (event.type === 'order.status' && event.orderId === order.id) events.push(event);
    });
    try {
      expect((await move(driver, order.id, 'accepted')).statusCode).toBe(200);
      await expect.poll(() => events.length).toBe(5);
      expect(events.map((event) => event.topic).sort()).toEqual(
        [`order:${order.id}`, `restaurant:${restaurant.id}`, 'orders:all', 'orders:ready', `driver:${driver.userId}`].sort(),
      );
    } finally {
      await stop();
    }

    expect((await move(owner, order.id, 'picked_up')).statusCode).toBe(403);
    expect((await move(driver, order.id, 'picked_up')).statusCode).toBe(200);
    expect(await stored(order.id)).toEqual({ status: 'picked_up', driverId: driver.userId });
  });

  it('never completes a delivery without the proof the machine asks for (the delivery code)', async () => {
    const { order } = await readyOrder();
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    await forceStatus(t, order.id, 'picked_up', driver.userId);

    const res = await move(driver, order.id, 'delivered');
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(ORDER_MESSAGES.proofNeeded);

    const checked: string[] = [];
    const user = { userId: driver.userId, role: 'driver' as const };
    await moveOrder(t.app, user, order.id, 'delivered', async (_tx, seen) => {
      checked.push(seen.id);
    });
    expect(checked).toEqual([order.id]);
    expect(await stored(order.id)).toEqual({ status: 'delivered', driverId: driver.userId });
  });

  it('lets an admin cancel, while a manager of the restaurant sees the order but may not move it', async () => {
    const { order, restaurant, customer } = await readyOrder();
    await forceStatus(t, order.id, 'confirmed');
    const admin = await createUser(t, { role: 'admin' });
    const manager = await createUser(t, { role: 'manager' });
    await t.app.db.insert(restaurantMembers).values({ restaurantId: restaurant.id, userId: manager.userId });

    expect((await move(manager, order.id, 'cancelled')).statusCode).toBe(403);
    expect((await move(customer, order.id, 'cancelled')).statusCode).toBe(403);
    expect((await move(admin, order.id, 'cancelled')).statusCode).toBe(200);
    expect((await move(admin, order.id, 'preparing')).statusCode).toBe(422);
    expect(await stored(order.id)).toEqual({ status: 'cancelled', driverId: null });
  });
});
