import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DRIVER_MESSAGES, distanceMeters } from '@shared/drivers/schemas.js';
import type { OrderStatus } from '@shared/orders/status.js';
import { drivers, orderItems, orders } from '../db/schema.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { forceStatus, openRestaurant, placeOrder } from './testOrders.js';

describe("the driver's lists, and the driver the customer sees", () => {
  const t = useTestApp();

  const get = (url: string, user: TestUser) => t.app.inject({ method: 'GET', url, headers: user.authHeader });
  const ids = (res: { json(): { items: { id: string }[] } }) => res.json().items.map((order) => order.id);

  const OSU = { latitude: 5.556, longitude: -0.1826 };
  const placeAt = async (orderId: string, point: { latitude: number; longitude: number } | null) =>
    t.app.db
      .update(orders)
      .set({ restaurantLatitude: point?.latitude ?? null, restaurantLongitude: point?.longitude ?? null })
      .where(eq(orders.id, orderId));
  const setPosition = (userId: string, point: { latitude: number; longitude: number }) =>
    t.app.db
      .update(drivers)
      .set({ ...point, lastLocationUpdate: sql`now()` })
      .where(eq(drivers.userId, userId));
  const placedAgo = (orderId: string, minutes: number) =>
    t.app.db
      .update(orders)
      .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
      .where(eq(orders.id, orderId));

  /** Ready orders at three distances from Osu (one without coordinates), and orders no driver may take. */
  async function readyOrders() {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const order = async (status: OrderStatus, quantity = 1) => {
      const placed = await placeOrder(t, customer, kitchen, quantity);
      await forceStatus(t, placed.id, status);
      return placed;
    };
    const far = await order('ready');
    const unplaced = await order('ready');
    const near = await order('ready', 3);
    const middle = await order('ready');
    const preparing = await order('preparing');
    const taken = await order('ready');
    const someone = await createUser(t, { role: 'driver', verifiedDriver: true });
    await forceStatus(t, taken.id, 'ready', someone.userId);
    await placeAt(far.id, { latitude: 5.65, longitude: -0.1826 });
    await placeAt(unplaced.id, null);
    await placeAt(near.id, { latitude: 5.5605, longitude: -0.1826 });
    await placeAt(middle.id, { latitude: 5.6, longitude: -0.1826 });
    // Oldest first: far, unplaced, middle, near.
    for (const [placed, minutes] of [
      [far, 40],
      [unplaced, 30],
      [middle, 20],
      [near, 10],
    ] as const)
      await placedAgo(placed.id, minutes);
    // A second dish on the near order: it carries 3 + 2 items.
    await t.app.db.insert(orderItems).values({ orderId: near.id, menuItemId: null, name: 'Kelewele', quantity: 2, price: 800 });
    return { kitchen, customer, far, unplaced, near, middle, preparing, taken };
  }

  it('lists ready orders without a driver, nearest restaurant first from the last position, with distance and item count', async () => {
    const s = await readyOrders();
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    await setPosition(driver.userId, OSU);

    const res = await get('/api/orders/available', driver);

    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res)).toEqual([s.near.id, s.middle.id, s.far.id, s.unplaced.id]);
    expect(res.json().nextCursor).toBeNull();
    const items = res.json().items;
    expect(items[0].itemCount).toBe(5);
    expect(items[1].itemCount).toBe(1);
    expect(items[0].distanceMeters).toBeCloseTo(distanceMeters(OSU, { latitude: 5.5605, longitude: -0.1826 }), -1);
    expect(items[2].distanceMeters).toBeCloseTo(distanceMeters(OSU, { latitude: 5.65, longitude: -0.1826 }), -1);
    expect(items[3].distanceMeters).toBeNull();
    expect(items[0]).toMatchObject({
      restaurantName: s.kitchen.restaurant.name,
      totalAmount: 7500,
      deliveryAddress: '7 Spintex Road, Accra',
    });

    // A page is the nearest few.
    expect(ids(await get('/api/orders/available?limit=2', driver))).toEqual([s.near.id, s.middle.id]);
    // Moving changes the order: from the far restaurant, it is nearest.
    await setPosition(driver.userId, { latitude: 5.66, longitude: -0.1826 });
    expect(ids(await get('/api/orders/available', driver)).slice(0, 2)).toEqual([s.far.id, s.middle.id]);
  });

  it('lists them oldest first, without distances, to a driver who has sent no position yet', async () => {
    const s = await readyOrders();
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });

    const res = await get('/api/orders/available', driver);

    expect(ids(res)).toEqual([s.far.id, s.unplaced.id, s.middle.id, s.near.id]);
    expect(res.json().items.map((item: { distanceMeters: number | null }) => item.distanceMeters)).toEqual([
      null,
      null,
      null,
      null,
    ]);
  });

  it('tells an unverified driver why they see no orders, and shows a waiting order with its distance', async () => {
    const s = await readyOrders();
    const unverified = await createUser(t, { role: 'driver' });
    const refused = await get('/api/orders/available', unverified);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(DRIVER_MESSAGES.notVerified);

    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    await setPosition(driver.userId, OSU);
    const one = await get(`/api/orders/${s.middle.id}`, driver);
    expect(one.json()).toMatchObject({ audience: 'waitingDriver', itemCount: 1 });
    expect(one.json().distanceMeters).toBeCloseTo(distanceMeters(OSU, { latitude: 5.6, longitude: -0.1826 }), -1);
  });

  it('still lists an order to the driver who declined it, marked declined for them alone, so their dashboard does not ring for it', async () => {
    const s = await readyOrders();
    const decliner = await createUser(t, { role: 'driver', verifiedDriver: true });
    const other = await createUser(t, { role: 'driver', verifiedDriver: true });
    await forceStatus(t, s.middle.id, 'accepted', decliner.userId);
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${s.middle.id}/decline`,
      headers: decliner.authHeader,
    });
    expect(declined.statusCode, declined.body).toBe(200);

    const declinedIds = async (driver: TestUser) =>
      (await get('/api/orders/available', driver))
        .json()
        .items.filter((item: { declined: boolean }) => item.declined)
        .map((item: { id: string }) => item.id);
    expect(ids(await get('/api/orders/available', decliner))).toContain(s.middle.id);
    expect(await declinedIds(decliner)).toEqual([s.middle.id]);
    expect(await declinedIds(other)).toEqual([]);
    expect((await get(`/api/orders/${s.middle.id}`, decliner)).json()).toMatchObject({
      audience: 'waitingDriver',
      declined: true,
    });
    expect((await get(`/api/orders/${s.middle.id}`, other)).json()).toMatchObject({ audience: 'waitingDriver', declined: false });
  });

  it("lists each driver's own accepted and picked-up orders only, with item count and code lock", async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const rival = await createUser(t, { role: 'driver', verifiedDriver: true });
    const orderIn = async (status: OrderStatus, driverId: string, quantity = 1) => {
      const placed = await placeOrder(t, customer, kitchen, quantity);
      await forceStatus(t, placed.id, status, driverId);
      return placed;
    };
    const accepted = await orderIn('accepted', driver.userId, 4);
    const pickedUp = await orderIn('picked_up', driver.userId);
    await orderIn('delivered', driver.userId);
    await orderIn('picked_up', rival.userId);
    await t.app.db.update(orders).set({ deliveryCodeLocked: true }).where(eq(orders.id, pickedUp.id));

    const res = await get('/api/orders/deliveries', driver);

    expect(res.statusCode).toBe(200);
    expect(ids(res).sort()).toEqual([accepted.id, pickedUp.id].sort());
    const byId = new Map(res.json().items.map((item: { id: string }) => [item.id, item]));
    expect(byId.get(accepted.id)).toMatchObject({ itemCount: 4, codeLocked: false, statusLabel: 'En Route to Restaurant' });
    expect(byId.get(pickedUp.id)).toMatchObject({ itemCount: 1, codeLocked: true, statusLabel: 'Out for Delivery' });
  });

  it("shows the customer their driver's first name, vehicle and last position while on the way, and not before or after", async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true, fullName: 'Kwame  Nkrumah Mensah' });
    await setPosition(driver.userId, OSU);
    const [stored] = await t.app.db
      .select({ at: drivers.lastLocationUpdate })
      .from(drivers)
      .where(eq(drivers.userId, driver.userId));
    const [plate] = await t.app.db.select({ plate: drivers.plateNumber }).from(drivers).where(eq(drivers.userId, driver.userId));
    const placed = await placeOrder(t, customer, kitchen);
    expect(placed.driver).toBeNull();

    const seen = async () => {
      const mine = (await get('/api/orders/mine', customer)).json().items[0];
      const one = (await get(`/api/orders/${placed.id}`, customer)).json();
      expect(one.driver).toEqual(mine.driver);
      return mine.driver;
    };

    await forceStatus(t, placed.id, 'ready', driver.userId);
    expect(await seen()).toBeNull();
    for (const status of ['accepted', 'picked_up'] as const) {
      await forceStatus(t, placed.id, status, driver.userId);
      expect(await seen(), status).toEqual({
        firstName: 'Kwame',
        vehicleType: 'bike',
        vehicleModel: 'Honda CG 125',
        plateNumber: plate?.plate,
        latitude: OSU.latitude,
        longitude: OSU.longitude,
        lastLocationUpdate: stored?.at?.toISOString(),
      });
    }
    await forceStatus(t, placed.id, 'delivered');
    expect(await seen()).toBeNull();
  });
});
