import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { shortOrderId } from '@shared/orders/schemas.js';
import { pushSubscriptions, refreshTokens, restaurantMembers } from '../db/schema.js';
import { driverAt, northOf, offeredTo } from '../dispatch/testDrivers.js';
import { cardScene } from '../payments/testCard.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { jobsOf, retriesDueNow, waitForJobs, type JobRow } from '../test/jobs.js';
import { paystackTestConfig, usePaystackStandIn } from '../test/paystack.js';
import { startPushEndpoint, type BrowserSubscription, type PushEndpoint } from '../test/pushEndpoint.js';
import { queueAssignmentPush } from './pushes.js';
import { forceStatus, moveAs, openRestaurant, placeOrder } from './testOrders.js';

describe('push messages of orders: a new order to its kitchen, an order given to a driver', () => {
  const paystack = usePaystackStandIn();
  const push = {} as { endpoint: PushEndpoint };
  beforeAll(async () => {
    push.endpoint = await startPushEndpoint();
  });
  afterAll(() => push.endpoint.close());
  const t = useTestApp(() => ({ ...paystackTestConfig(paystack), PUSH_SERVICE_ORIGINS: push.endpoint.origin }));
  beforeEach(() => {
    push.endpoint.deliveries.length = 0;
  });
  afterEach(() => expect(push.endpoint.problems).toEqual([]));

  /** A device of `user` that allowed push messages, as the notification button subscribes it. */
  async function deviceOf(user: TestUser): Promise<BrowserSubscription> {
    const key = await t.app.inject({ method: 'GET', url: '/api/push/key' });
    const subscription = push.endpoint.subscribe(key.json<{ publicKey: string }>().publicKey);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: user.authHeader,
      payload: subscription,
    });
    expect(res.statusCode, res.body).toBe(204);
    return subscription;
  }

  const settled = (count: number) => (jobs: JobRow[]) => jobs.length === count && jobs.every((job) => job.state === 'completed');
  const devicesLeft = async () =>
    (await t.app.db.select({ endpoint: pushSubscriptions.endpoint }).from(pushSubscriptions)).map((row) => row.endpoint);

  it("pushes a new cash order to the owner's and managers' devices, each once, and to no one else", async () => {
    const kitchen = await openRestaurant(t);
    const manager = await createUser(t, { role: 'manager' });
    await t.app.db.insert(restaurantMembers).values({ restaurantId: kitchen.restaurant.id, userId: manager.userId });
    const customer = await createUser(t, { role: 'customer' });
    const rival = await openRestaurant(t);
    const [ownerPhone, ownerTablet, managerPhone] = [
      await deviceOf(kitchen.owner),
      await deviceOf(kitchen.owner),
      await deviceOf(manager),
    ];
    await deviceOf(customer);
    await deviceOf(rival.owner);

    const order = await placeOrder(t, customer, kitchen, 3);
    await waitForJobs(t.app.db, 'push', settled(2));

    const news = {
      title: `New order #${shortOrderId(order.id)}`,
      body: '3 items · GH₵75.00',
      tag: `New order #${shortOrderId(order.id)}`,
    };
    expect(push.endpoint.received(ownerPhone.endpoint)).toEqual([{ ...news, url: '/restaurant/dashboard' }]);
    expect(push.endpoint.received(ownerTablet.endpoint)).toEqual([{ ...news, url: '/restaurant/dashboard' }]);
    expect(push.endpoint.received(managerPhone.endpoint)).toEqual([{ ...news, url: '/restaurant/manager' }]);
    expect(push.endpoint.deliveries).toHaveLength(3);
    expect(push.endpoint.deliveries[0]).toMatchObject({
      ttl: '900',
      urgency: 'high',
      topic: expect.stringMatching(/^[\w-]{32}$/),
    });
    // Nothing personal travels: no address, phone or name of the customer. Only the messages are
    // read: an endpoint's random port or a topic's random letters could hold '555' by chance.
    expect(JSON.stringify(push.endpoint.deliveries.map((delivery) => delivery.message))).not.toMatch(
      /Spintex|555 ?0102|Test customer/,
    );
  });

  it('queues nothing when nobody of the kitchen has a device', async () => {
    const kitchen = await openRestaurant(t);
    await placeOrder(t, await createUser(t, { role: 'customer' }), kitchen);
    expect(await jobsOf(t.app.db, 'push')).toEqual([]);
  });

  it('pushes the next order to a device added since the last order, which found nobody to push to', async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    await placeOrder(t, customer, kitchen);
    const manager = await createUser(t, { role: 'manager' });
    await t.app.db.insert(restaurantMembers).values({ restaurantId: kitchen.restaurant.id, userId: manager.userId });
    const managerPhone = await deviceOf(manager);

    const order = await placeOrder(t, customer, kitchen);
    await waitForJobs(t.app.db, 'push', settled(1));
    expect(push.endpoint.received(managerPhone.endpoint)).toEqual([
      expect.objectContaining({ title: `New order #${shortOrderId(order.id)}`, url: '/restaurant/manager' }),
    ]);
  });

  it('pushes no longer to a device turned off, nor to a manager taken off the restaurant, since the last order', async () => {
    const kitchen = await openRestaurant(t);
    const manager = await createUser(t, { role: 'manager' });
    await t.app.db.insert(restaurantMembers).values({ restaurantId: kitchen.restaurant.id, userId: manager.userId });
    const [ownerPhone, ownerTablet, managerPhone] = [
      await deviceOf(kitchen.owner),
      await deviceOf(kitchen.owner),
      await deviceOf(manager),
    ];
    const customer = await createUser(t, { role: 'customer' });
    await placeOrder(t, customer, kitchen);
    await waitForJobs(t.app.db, 'push', settled(2));

    await t.app.db.delete(restaurantMembers).where(eq(restaurantMembers.userId, manager.userId));
    await placeOrder(t, customer, kitchen);
    await waitForJobs(t.app.db, 'push', settled(3));
    expect(push.endpoint.received(managerPhone.endpoint)).toHaveLength(1);

    const off = await t.app.inject({
      method: 'DELETE',
      url: '/api/push/subscriptions',
      headers: kitchen.owner.authHeader,
      payload: { endpoint: ownerTablet.endpoint },
    });
    expect(off.statusCode, off.body).toBe(204);
    await placeOrder(t, customer, kitchen);
    await waitForJobs(t.app.db, 'push', settled(4));
    expect(push.endpoint.received(ownerPhone.endpoint)).toHaveLength(3);
    expect(push.endpoint.received(ownerTablet.endpoint)).toHaveLength(2);
    expect(push.endpoint.received(managerPhone.endpoint)).toHaveLength(1);
  });

  it('pushes a paid card order to its kitchen once the payment is verified', async () => {
    const { intentScene, verify } = cardScene(t);
    const { owner, customer, intent } = await intentScene();
    const phone = await deviceOf(owner);
    paystack.pay(intent.reference);
    const res = await verify(customer, intent.reference);
    expect(res.statusCode, res.body).toBe(200);
    await waitForJobs(t.app.db, 'push', settled(1));
    expect(push.endpoint.received(phone.endpoint)).toEqual([
      expect.objectContaining({
        title: `New order #${shortOrderId(res.json<{ id: string }>().id)}`,
        body: '3 items · GH₵110.99',
      }),
    ]);
  });

  it('pushes an order dispatch offers a driver to that driver, and one support gives to another driver', async () => {
    const kitchen = await openRestaurant(t);
    const order = await placeOrder(t, await createUser(t, { role: 'customer' }), kitchen);
    await forceStatus(t, order.id, 'preparing');
    const nearest = await driverAt(t, northOf(1));
    const nearestPhone = await deviceOf(nearest);
    const ready = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${order.id}/status`,
      headers: kitchen.owner.authHeader,
      payload: { status: 'ready' },
    });
    expect(ready.json()).toMatchObject({ status: 'ready', dispatch: { offered: true } });
    await waitForJobs(t.app.db, 'push', settled(1));
    const offered = `Order #${shortOrderId(order.id)} offered to you`;
    expect(push.endpoint.received(nearestPhone.endpoint)).toEqual([
      { title: offered, body: 'Accept it within 45 s on your dashboard.', url: '/driver', tag: offered },
    ]);
    const delivery = {
      title: `New delivery #${shortOrderId(order.id)}`,
      body: 'This order is yours to deliver: it is on your dashboard.',
      url: '/driver',
      tag: `New delivery #${shortOrderId(order.id)}`,
    };

    const admin = await createUser(t, { role: 'admin' });
    const next = await createUser(t, { role: 'driver', verifiedDriver: true });
    const nextPhone = await deviceOf(next);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/reassign`,
      headers: admin.authHeader,
      payload: { driverId: next.userId },
    });
    expect(res.statusCode, res.body).toBe(200);
    await waitForJobs(t.app.db, 'push', settled(2));
    expect(push.endpoint.received(nextPhone.endpoint)).toEqual([delivery]);
    expect(push.endpoint.received(nearestPhone.endpoint)).toHaveLength(1);
  });

  it('pushes nothing for a transaction that rolls back, or an assignment refused', async () => {
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    await deviceOf(driver);
    await expect(
      t.app.db.transaction(async (tx) => {
        await queueAssignmentPush(tx, t.app.jobs, { id: crypto.randomUUID(), driverId: driver.userId });
        throw new Error('something after it failed');
      }),
    ).rejects.toThrow('something after it failed');

    const admin = await createUser(t, { role: 'admin' });
    const kitchen = await openRestaurant(t);
    const order = await placeOrder(t, await createUser(t, { role: 'customer' }), kitchen);
    await forceStatus(t, order.id, 'preparing');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/reassign`,
      headers: admin.authHeader,
      payload: { driverId: driver.userId },
    });
    expect(refused.statusCode).toBe(422);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await jobsOf(t.app.db, 'push')).toEqual([]);
    expect(push.endpoint.deliveries).toEqual([]);
  });

  it('drops a device the push service says is gone (410, 404) and delivers to the others', async () => {
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const [gone, unknown, kept] = [await deviceOf(driver), await deviceOf(driver), await deviceOf(driver)];
    push.endpoint.answer(gone.endpoint, 410);
    push.endpoint.answer(unknown.endpoint, 404);
    await t.app.db.transaction((tx) => queueAssignmentPush(tx, t.app.jobs, { id: crypto.randomUUID(), driverId: driver.userId }));
    const [job] = await waitForJobs(t.app.db, 'push', settled(1));
    expect(job?.retryCount).toBe(0);
    expect(await devicesLeft()).toEqual([kept.endpoint]);
    expect(push.endpoint.received(kept.endpoint)).toHaveLength(1);
  });

  it('tries again when the push service fails (500), and the device shows the message once', async () => {
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const phone = await deviceOf(driver);
    push.endpoint.answer(phone.endpoint, 500);
    await t.app.db.transaction((tx) => queueAssignmentPush(tx, t.app.jobs, { id: crypto.randomUUID(), driverId: driver.userId }));
    await waitForJobs(t.app.db, 'push', (jobs) => jobs[0]?.state === 'retry');
    expect(push.endpoint.received()).toEqual([]);
    await retriesDueNow(t.app.db, 'push');
    const [job] = await waitForJobs(t.app.db, 'push', settled(1));
    expect(job?.retryCount).toBe(1);
    expect(push.endpoint.deliveries.map((delivery) => delivery.status)).toEqual([500, 201]);
    expect(await devicesLeft()).toEqual([phone.endpoint]);
  });

  it('moves at once while the push service fails (500): the kitchen’s move offers the driver the order, and the driver is pushed on a later try', async () => {
    const kitchen = await openRestaurant(t);
    const order = await placeOrder(t, await createUser(t, { role: 'customer' }), kitchen);
    await forceStatus(t, order.id, 'preparing');
    const driver = await driverAt(t, northOf(1));
    const phone = await deviceOf(driver);
    push.endpoint.answer(phone.endpoint, 500);

    const started = performance.now();
    const ready = await moveAs(t, kitchen.owner, order.id, 'ready');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready', dispatch: { offered: true } });
    expect(await offeredTo(t, order.id)).toBe(driver.userId);
    await waitForJobs(t.app.db, 'push', (jobs) => jobs[0]?.state === 'retry');
    expect(push.endpoint.received()).toEqual([]);

    await retriesDueNow(t.app.db, 'push');
    await waitForJobs(t.app.db, 'push', settled(1));
    expect(push.endpoint.received(phone.endpoint)).toEqual([
      expect.objectContaining({ title: `Order #${shortOrderId(order.id)} offered to you` }),
    ]);
    expect(push.endpoint.deliveries.map((delivery) => delivery.status)).toEqual([500, 201]);
  });

  it('sends nothing to, and drops, devices of sessions that ended without a sign-out or whose service is no longer allowed', async () => {
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const phone = await deviceOf(driver);
    await t.app.db.insert(pushSubscriptions).values({
      userId: driver.userId,
      sessionId: (
        await t.app.db.select({ id: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.userId, driver.userId))
      )[0]!.id,
      endpoint: 'https://push.example.com/elsewhere',
      p256dh: phone.keys.p256dh,
      auth: phone.keys.auth,
    });
    const expired = await createUser(t, { role: 'driver', verifiedDriver: true });
    await deviceOf(expired);
    await t.app.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, expired.userId));

    await t.app.db.transaction(async (tx) => {
      for (const user of [driver, expired])
        await queueAssignmentPush(tx, t.app.jobs, { id: crypto.randomUUID(), driverId: user.userId });
    });
    await waitForJobs(t.app.db, 'push', settled(2));
    expect(push.endpoint.deliveries.map((delivery) => delivery.endpoint)).toEqual([phone.endpoint]);
    expect(await devicesLeft()).toEqual([phone.endpoint]);
  });
});
