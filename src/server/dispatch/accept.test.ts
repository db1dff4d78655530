import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CARRY_MESSAGES } from '@shared/drivers/batching.js';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { ORDER_MESSAGES } from '@shared/orders/schemas.js';
import type { RealtimeEvent } from '@shared/realtime/events.js';
import { orders } from '../db/schema.js';
import { forceStatus, openRestaurant, placeOrder } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { listenForEvents } from '../test/raisedEvents.js';

describe('a driver accepting a ready order by hand', () => {
  const t = useTestApp();

  const accept = (driver: TestUser, orderId: string) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${orderId}/status`,
      headers: driver.authHeader,
      payload: { status: 'accepted' },
    });

  async function readyOrder() {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const order = await placeOrder(t, customer, kitchen);
    await forceStatus(t, order.id, 'ready');
    return order;
  }

  it('of 50 drivers accepting one order at once, exactly one wins and 49 are told it is taken', async () => {
    const order = await readyOrder();
    const drivers = await Promise.all(Array.from({ length: 50 }, () => createUser(t, { role: 'driver', verifiedDriver: true })));

    const replies = await Promise.all(drivers.map((driver) => accept(driver, order.id)));

    const won = replies.filter((res) => res.statusCode === 200);
    const lost = replies.filter((res) => res.statusCode !== 200);
    expect(won).toHaveLength(1);
    expect(lost.map((res) => res.statusCode)).toEqual(Array(49).fill(409));
    expect(new Set(lost.map((res) => res.json().error.message))).toEqual(new Set([ORDER_MESSAGES.taken]));
    const [stored] = await t.app.db.select({ driverId: orders.driverId }).from(orders).where(eq(orders.id, order.id));
    expect(stored?.driverId).toBe(won[0]?.json().driverId);
  }, 60_000);

  it('refuses, saying why, an unverified driver (403), an offline one and one who has picked up another order (409)', async () => {
    const order = await readyOrder();
    const unverified = await createUser(t, { role: 'driver' });
    const offline = await createUser(t, { role: 'driver', verifiedDriver: true, available: false });
    const busy = await createUser(t, { role: 'driver', verifiedDriver: true });
    await forceStatus(t, (await readyOrder()).id, 'picked_up', busy.userId);

    const refusals = await Promise.all([unverified, offline, busy].map((driver) => accept(driver, order.id)));

    expect(refusals.map((res) => [res.statusCode, res.json().error.message])).toEqual([
      [403, DRIVER_MESSAGES.notVerified],
      [422, DRIVER_MESSAGES.offline],
      [409, CARRY_MESSAGES.busy],
    ]);
  });

  it('never lets one driver carry more than the setting allows (2), even accepting three orders at once', async () => {
    const ready = [await readyOrder(), await readyOrder(), await readyOrder()];
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });

    const replies = await Promise.all(ready.map((order) => accept(driver, order.id)));

    expect(replies.map((res) => res.statusCode).sort()).toEqual([200, 200, 409]);
    expect(replies.find((res) => res.statusCode === 409)?.json().error.message).toBe(CARRY_MESSAGES.full);
    const held = await t.app.db.select({ id: orders.id }).from(orders).where(eq(orders.driverId, driver.userId));
    expect(held).toHaveLength(2);
  });

  it("tells the driver's topic they took the order, not that it was given to them", async () => {
    const order = await readyOrder();
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const events: RealtimeEvent[] = [];
    const stop = await listenForEvents(t.database, (event) => events.push(event));
    try {
      expect((await accept(driver, order.id)).statusCode).toBe(200);
      const toDriver = () => events.find((event) => event.topic === `driver:${driver.userId}`);
      await expect.poll(toDriver).toBeDefined();
      expect(toDriver()).toMatchObject({ type: 'order.status', status: 'accepted', driverId: driver.userId });
      expect(toDriver()).not.toHaveProperty('assigned');
    } finally {
      await stop();
    }
  });
});
