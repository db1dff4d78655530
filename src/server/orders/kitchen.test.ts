import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '@shared/realtime/events.js';
import { orders, restaurantMembers } from '../db/schema.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { forceStatus, openRestaurant, placeOrder } from './testOrders.js';
import { listenForEvents } from '../test/raisedEvents.js';

describe('the kitchen moving orders along', () => {
  const t = useTestApp();

  const move = (user: TestUser | undefined, orderId: string, status: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, headers: user?.authHeader, payload: { status } });

  const storedStatus = async (orderId: string) =>
    (await t.app.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;

  async function confirmedOrder() {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const order = await placeOrder(t, customer, kitchen);
    return { ...kitchen, customer, order };
  }

  it('lets the owner start preparing and mark ready, replying with the updated order', async () => {
    const { owner, order } = await confirmedOrder();

    const preparing = await move(owner, order.id, 'preparing');
    expect(preparing.statusCode).toBe(200);
    expect(preparing.json()).toEqual({
      id: order.id,
      shortId: order.shortId,
      status: 'preparing',
      statusLabel: 'Preparing',
      driverId: null,
    });

    const ready = await move(owner, order.id, 'ready');
    expect(ready.statusCode).toBe(200);
    expect(await storedStatus(order.id)).toBe('ready');
  });

  it('lets the owner confirm or cancel a pending order, and admins move any order', async () => {
    const { owner, customer, restaurant, dish, order } = await confirmedOrder();
    const admin = await createUser(t, { role: 'admin' });
    const second = await placeOrder(t, customer, { restaurant, dish });
    await forceStatus(t, order.id, 'pending');
    await forceStatus(t, second.id, 'pending');

    expect((await move(owner, order.id, 'confirmed')).statusCode).toBe(200);
    expect((await move(admin, second.id, 'cancelled')).statusCode).toBe(200);
    expect(await storedStatus(order.id)).toBe('confirmed');
    expect(await storedStatus(second.id)).toBe('cancelled');
  });

  it('publishes each move to the order, the restaurant, the admins and, once ready, to waiting drivers, after commit', async () => {
    const { owner, restaurant, order } = await confirmedOrder();
    const events: RealtimeEvent[] = [];
    const stop = await listenForEvents(t.database, (event) => {
      if (event.type === 'order.status' && event.orderId === order.id) events.push(event);
    });
    try {
      await move(owner, order.id, 'preparing');
      await move(owner, order.id, 'ready');
      await expect.poll(() => events.length).toBe(7);
    } finally {
      await stop();
    }
    const change = { type: 'order.status', orderId: order.id, driverId: null };
    expect(events).toEqual([
      { ...change, topic: `order:${order.id}`, status: 'preparing' },
      { ...change, topic: `restaurant:${restaurant.id}`, status: 'preparing' },
      { ...change, topic: 'orders:all', status: 'preparing' },
      { ...change, topic: `order:${order.id}`, status: 'ready' },
      { ...change, topic: `restaurant:${restaurant.id}`, status: 'ready' },
      { ...change, topic: 'orders:all', status: 'ready' },
      { ...change, topic: 'orders:ready', status: 'ready' },
    ]);
  });

  it('answers 409 to a move that was already made, and lets only one of two simultaneous moves win', async () => {
    const { owner, order } = await confirmedOrder();

    const [a, b] = await Promise.all([move(owner, order.id, 'preparing'), move(owner, order.id, 'preparing')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);

    const again = await move(owner, order.id, 'preparing');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('This order is already preparing');
    expect(await storedStatus(order.id)).toBe('preparing');
  });

  it('answers 422 to a move the status machine does not have, 403 to one it keeps for admins, and 400 to an unknown status', async () => {
    const { owner, order } = await confirmedOrder();

    const skip = await move(owner, order.id, 'ready');
    expect(skip.statusCode).toBe(422);
    expect(skip.json().error.message).toBe('An order that is confirmed cannot be marked ready');

    await move(owner, order.id, 'preparing');
    // Once it is cooking, only support (admins) may still cancel it.
    expect((await move(owner, order.id, 'cancelled')).statusCode).toBe(403);
    expect((await move(owner, order.id, 'eaten')).statusCode).toBe(400);
    expect(await storedStatus(order.id)).toBe('preparing');
  });

  it("keeps the driver's moves for drivers", async () => {
    const { owner, order } = await confirmedOrder();
    await forceStatus(t, order.id, 'ready');
    const res = await move(owner, order.id, 'accepted');
    expect(res.statusCode).toBe(403);
    expect(await storedStatus(order.id)).toBe('ready');
  });

  it("hides other restaurants' orders (404) and refuses those who see it but do not run its kitchen (403)", async () => {
    const { order, restaurant, customer } = await confirmedOrder();
    const rival = await openRestaurant(t);
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const manager = await createUser(t, { role: 'manager' });
    const outsider = await createUser(t, { role: 'manager' });
    await t.app.db.insert(restaurantMembers).values({ restaurantId: restaurant.id, userId: manager.userId });

    expect((await move(rival.owner, order.id, 'preparing')).statusCode).toBe(404);
    expect((await move(outsider, order.id, 'preparing')).statusCode).toBe(404);
    expect((await move(rival.owner, '3b241101-e2bb-4255-8caf-4136c566a962', 'preparing')).statusCode).toBe(404);
    expect((await move(driver, order.id, 'preparing')).statusCode).toBe(404);
    expect((await move(manager, order.id, 'preparing')).statusCode).toBe(403);
    expect((await move(customer, order.id, 'preparing')).statusCode).toBe(403);
    expect((await move(undefined, order.id, 'preparing')).statusCode).toBe(401);
    expect(await storedStatus(order.id)).toBe('confirmed');
  });
});
