import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { dispatchDeclines, drivers, orders } from '../db/schema.js';
import { driverAt, northOf, offeredTo, offersToRidersRun } from '../dispatch/testDrivers.js';
import { forceStatus, openRestaurant, placeOrder } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { jobsOf } from '../test/jobs.js';

describe('a driver going online and offline', () => {
  const t = useTestApp();

  const setAvailable = (user: TestUser, available: boolean) =>
    t.app.inject({ method: 'PATCH', url: '/api/drivers/me/availability', headers: user.authHeader, payload: { available } });

  const stored = async (orderId: string) =>
    (await t.app.db.select({ status: orders.status, driverId: orders.driverId }).from(orders).where(eq(orders.id, orderId)))[0];

  /** A ready order nobody has, placed `minutesAgo` minutes ago at a restaurant at `place`. */
  async function waitingOrder(minutesAgo: number, place = northOf(0)) {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const order = await placeOrder(t, customer, kitchen);
    await forceStatus(t, order.id, 'ready');
    await t.app.db
      .update(orders)
      .set({
        createdAt: new Date(Date.now() - minutesAgo * 60_000),
        restaurantLatitude: place.latitude,
        restaurantLongitude: place.longitude,
      })
      .where(eq(orders.id, order.id));
    return order;
  }

  it('goes online and offline, answering with their own row', async () => {
    const driver = await driverAt(t, northOf(1), { available: false, fullName: 'Ama Driver' });

    const online = await setAvailable(driver, true);
    expect(online.statusCode).toBe(200);
    expect(online.json()).toMatchObject({ userId: driver.userId, fullName: 'Ama Driver', isVerified: true, isAvailable: true });

    const offline = await setAvailable(driver, false);
    expect(offline.json()).toMatchObject({ isAvailable: false });
    const [row] = await t.app.db
      .select({ isAvailable: drivers.isAvailable })
      .from(drivers)
      .where(eq(drivers.userId, driver.userId));
    expect(row?.isAvailable).toBe(false);
  });

  it('refuses an unverified driver going online (403, saying why) but lets them go offline', async () => {
    const driver = await createUser(t, { role: 'driver' });

    const refused = await setAvailable(driver, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(DRIVER_MESSAGES.notVerified);
    expect((await setAvailable(driver, false)).statusCode).toBe(200);
    const customer = await createUser(t, { role: 'customer' });
    expect((await setAvailable(customer, true)).statusCode).toBe(403);
  });

  it('offers a driver coming online the nearest order waiting near them that they have not declined, the oldest of one place', async () => {
    const farAway = await waitingOrder(30, northOf(25));
    const declined = await waitingOrder(20);
    const oldest = await waitingOrder(10);
    const newer = await waitingOrder(5);
    const driver = await driverAt(t, northOf(2), { available: false });
    await t.app.db.insert(dispatchDeclines).values({ orderId: declined.id, driverId: driver.userId });

    expect((await setAvailable(driver, true)).statusCode).toBe(200);
    await offersToRidersRun(t);

    expect(await offeredTo(t, oldest.id)).toBe(driver.userId);
    for (const order of [farAway, declined, newer]) expect(await offeredTo(t, order.id)).toBeNull();
  });

  it('offers nothing to a driver whose position is stale or who already has a delivery', async () => {
    const order = await waitingOrder(10);
    const stale = await driverAt(t, northOf(1), { available: false, positionAgeMs: 5 * 60_000 });
    const busy = await driverAt(t, northOf(1), { available: false });
    const elsewhere = await waitingOrder(1, northOf(40));
    await forceStatus(t, elsewhere.id, 'accepted', busy.userId);

    expect((await setAvailable(stale, true)).statusCode).toBe(200);
    expect((await setAvailable(busy, true)).statusCode).toBe(200);
    await offersToRidersRun(t);
    expect(await stored(order.id)).toEqual({ status: 'ready', driverId: null });
  });

  it('offers the waiting order once the first fresh position of a driver who went online arrives', async () => {
    const order = await waitingOrder(10);
    const driver = await driverAt(t, northOf(1), { available: false, positionAgeMs: 5 * 60_000 });
    expect((await setAvailable(driver, true)).statusCode).toBe(200);
    await offersToRidersRun(t);
    expect(await stored(order.id)).toEqual({ status: 'ready', driverId: null });

    const place = northOf(1);
    const sent = await t.app.inject({
      method: 'PUT',
      url: '/api/drivers/me/location',
      headers: driver.authHeader,
      payload: place,
    });
    expect(sent.statusCode).toBe(200);
    await offersToRidersRun(t);
    expect(await offeredTo(t, order.id)).toBe(driver.userId);
    // Queued as jobs, each in the queue before its request was answered: going online, then the first fix.
    const queuedFor = async (user: TestUser) =>
      (await jobsOf(t.app.db, 'offer-rider')).filter((job) => (job.data as { driverId: string }).driverId === user.userId);
    expect(await queuedFor(driver)).toHaveLength(2);

    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/drivers/me/location',
      headers: driver.authHeader,
      payload: place,
    });
    expect(again.statusCode).toBe(200);
    expect(await queuedFor(driver)).toHaveLength(2);

    // Online already: saying so again, even many times at once, queues no offer.
    const repeats = await Promise.all(Array.from({ length: 5 }, () => setAvailable(driver, true)));
    expect(repeats.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await queuedFor(driver)).toHaveLength(2);
  });

  it('answers 429 after 20 changes in a minute per rider, so a script flipping it cannot fill the offer queue', async () => {
    const driver = await driverAt(t, northOf(1), { available: false });
    for (let n = 0; n < 20; n++) expect((await setAvailable(driver, n % 2 === 0)).statusCode).toBe(200);
    const refused = await setAvailable(driver, true);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json().error.message).toMatch(
      /^You have gone online and offline many times in a short time\. Please try again in /,
    );
    const queued = (await jobsOf(t.app.db, 'offer-rider')).filter(
      (job) => (job.data as { driverId: string }).driverId === driver.userId,
    );
    expect(queued).toHaveLength(10);

    const other = await driverAt(t, northOf(1), { available: false });
    expect((await setAvailable(other, true)).statusCode).toBe(200);
  });
});
