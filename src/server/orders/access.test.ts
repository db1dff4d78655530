import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@shared/orders/status.js';
import { restaurantMembers } from '../db/schema.js';
import { createUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { forceStatus, openRestaurant, placeOrder, TEST_DELIVERY_PIN } from './testOrders.js';

describe('reading orders: each customer sees only their own, and only they see the delivery code', () => {
  const t = useTestApp();

  const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it("lists the customer's own orders newest first, with restaurant, lines, total and code", async () => {
    const kitchen = await openRestaurant(t);
    const other = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const neighbour = await createUser(t, { role: 'customer' });
    const first = await placeOrder(t, customer, kitchen, 2);
    const second = await placeOrder(t, customer, other, 1);
    await placeOrder(t, neighbour, kitchen, 1);

    const res = await get('/api/orders/mine', customer.authHeader);

    expect(res.statusCode).toBe(200);
    const mine = res.json().items;
    expect(res.json().nextCursor).toBeNull();
    expect(mine.map((order: { id: string }) => order.id)).toEqual([second.id, first.id]);
    expect(mine[1]).toEqual({
      id: first.id,
      shortId: first.id.slice(0, 8),
      restaurantId: kitchen.restaurant.id,
      restaurantName: kitchen.restaurant.name,
      status: 'confirmed',
      statusLabel: 'Confirmed',
      items: [{ menuItemId: kitchen.dish.id, name: 'Waakye', quantity: 2, price: 2500, choices: [] }],
      subtotalAmount: 5000,
      deliveryFee: 0,
      tipAmount: 0,
      totalAmount: 5000,
      currencySymbol: 'GH₵',
      paymentMethod: 'cash',
      paymentStatus: 'pending',
      deliveryAddress: '7 Spintex Road, Accra',
      deliveryPhone: '+233 24 555 0102',
      ...TEST_DELIVERY_PIN,
      deliveryLandmark: null,
      deliveryGpsCode: null,
      notes: null,
      createdAt: first.createdAt,
      deliveryCode: first.deliveryCode,
      driver: null,
      cancelReason: null,
      expectedArrival: expect.any(String),
      doorWait: null,
      doorPhotoUrl: null,
    });
  });

  it('shows the delivery code only while the order is on its way', async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const order = await placeOrder(t, customer, kitchen);

    const visible: string[] = [];
    for (const status of ORDER_STATUSES) {
      await forceStatus(t, order.id, status);
      const [listed] = (await get('/api/orders/mine', customer.authHeader)).json().items;
      const single = (await get(`/api/orders/${order.id}`, customer.authHeader)).json();
      expect(single.deliveryCode).toBe(listed.deliveryCode);
      if (listed.deliveryCode !== null) {
        expect(listed.deliveryCode).toBe(order.deliveryCode);
        visible.push(status);
      }
    }
    expect(visible).toEqual(['confirmed', 'preparing', 'ready', 'accepted', 'picked_up']);
  });

  it("answers 404 for another customer's order, exactly as for an order that does not exist", async () => {
    const kitchen = await openRestaurant(t);
    const owner = await createUser(t, { role: 'customer' });
    const snoop = await createUser(t, { role: 'customer' });
    const order = await placeOrder(t, owner, kitchen);

    const theirs = await get(`/api/orders/${order.id}`, snoop.authHeader);
    const missing = await get('/api/orders/3b241101-e2bb-4255-8caf-4136c566a962', snoop.authHeader);

    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect(theirs.body).not.toContain(order.deliveryCode);
    expect((await get('/api/orders/mine', snoop.authHeader)).json()).toEqual({ items: [], nextCursor: null });
  });

  it('shows each other reader an order in its own view, never with the delivery code: kitchen, sales, driver, admin', async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const waiting = await createUser(t, { role: 'driver', verifiedDriver: true });
    const admin = await createUser(t, { role: 'admin' });
    const manager = await createUser(t, { role: 'manager' });
    await t.app.db.insert(restaurantMembers).values({ restaurantId: kitchen.restaurant.id, userId: manager.userId });
    const order = await placeOrder(t, customer, kitchen);
    const read = async (reader: { authHeader: Record<string, string> }) => {
      const res = await get(`/api/orders/${order.id}`, reader.authHeader);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(order.deliveryCode);
      expect(res.json()).not.toHaveProperty('deliveryCode');
      return res.json();
    };

    expect(await read(kitchen.owner)).toMatchObject({
      audience: 'kitchen',
      id: order.id,
      items: [{ name: 'Waakye' }],
      deliveryAddress: order.deliveryAddress,
      deliveryPhone: order.deliveryPhone,
    });
    const sales = await read(manager);
    expect(sales).toMatchObject({
      audience: 'sales',
      totalAmount: 2500,
      commissionAmount: 250,
      items: [{ name: 'Waakye', quantity: 1, price: 2500, choices: [] }],
    });
    for (const key of ['deliveryAddress', 'deliveryPhone']) expect(sales).not.toHaveProperty(key);
    expect(await read(admin)).toMatchObject({ audience: 'admin', deliveryPhone: '+233 24 555 0102' });

    await forceStatus(t, order.id, 'ready');
    const offered = await read(waiting);
    expect(offered).toMatchObject({ audience: 'waitingDriver', deliveryAddress: '7 Spintex Road, Accra' });
    expect(offered).not.toHaveProperty('deliveryPhone');
    await forceStatus(t, order.id, 'accepted', driver.userId);
    expect(await read(driver)).toMatchObject({ audience: 'driver', status: 'accepted', deliveryPhone: '+233 24 555 0102' });
    expect((await get(`/api/orders/${order.id}`, waiting.authHeader)).statusCode).toBe(404);
  });

  it('hides an order from other restaurants and from drivers it is not waiting for', async () => {
    const kitchen = await openRestaurant(t);
    const rival = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const unverified = await createUser(t, { role: 'driver' });
    const order = await placeOrder(t, customer, kitchen);

    expect((await get(`/api/orders/${order.id}`, rival.owner.authHeader)).statusCode).toBe(404);
    expect((await get(`/api/orders/${order.id}`, driver.authHeader)).statusCode).toBe(404);

    await forceStatus(t, order.id, 'ready');
    expect((await get(`/api/orders/${order.id}`, driver.authHeader)).statusCode).toBe(200);
    expect((await get(`/api/orders/${order.id}`, unverified.authHeader)).statusCode).toBe(404);
  });

  it('requires sign-in to read orders, the customer role for the own list, and a real id', async () => {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const order = await placeOrder(t, customer, kitchen);

    expect((await get('/api/orders/mine')).statusCode).toBe(401);
    expect((await get(`/api/orders/${order.id}`)).statusCode).toBe(401);
    expect((await get('/api/orders/mine', { authorization: 'Bearer forged.token.value' })).statusCode).toBe(401);
    expect((await get('/api/orders/mine', kitchen.owner.authHeader)).statusCode).toBe(403);
    expect((await get('/api/orders/12345', customer.authHeader)).statusCode).toBe(400);
  });
});
