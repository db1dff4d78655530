import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { menuItems, orderItems, orders, payments, restaurants } from '../db/schema.js';
import { REALTIME_CHANNEL } from '../realtime/publish.js';
import { insertMenuItem, insertRestaurant } from '../restaurants/testFixtures.js';
import { createUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { insertOrder, type NewOrder } from './repository.js';

describe('writing a priced order', () => {
  const t = useTestApp();

  /** An order priced from the menu as it was a moment ago. */
  async function pricedOrder() {
    const owner = await createUser(t, { role: 'restaurant' });
    const customer = await createUser(t, { role: 'customer' });
    const restaurant = await insertRestaurant(t.app.db, { ownerId: owner.userId });
    const item = await insertMenuItem(t.app.db, { restaurantId: restaurant.id, name: 'Waakye', price: 3000 });
    const order: NewOrder = {
      id: crypto.randomUUID(),
      customerId: customer.userId,
      restaurantId: restaurant.id,
      status: 'confirmed',
      totalAmount: 6000,
      commissionAmount: 600,
      restaurantPayout: 5400,
      commissionBps: 1000,
      currencySymbol: 'GH₵',
      deliveryAddress: '4 Ring Road, Accra',
      deliveryPhone: '+233 24 555 0101',
      deliveryLatitude: null,
      deliveryLongitude: null,
      restaurantLatitude: null,
      restaurantLongitude: null,
      deliveryCode: '123456',
      notes: null,
      lines: [{ menuItemId: item.id, name: 'Waakye', quantity: 2, price: 3000 }],
      payment: { method: 'cash', status: 'pending' },
    };
    const event = { topic: `restaurant:${restaurant.id}`, type: 'order.created', orderId: order.id, status: 'confirmed' } as const;
    return { order, event, restaurantId: restaurant.id, itemId: item.id };
  }

  async function written() {
    const [o] = await t.app.db.select({ n: count() }).from(orders);
    const [i] = await t.app.db.select({ n: count() }).from(orderItems);
    const [p] = await t.app.db.select({ n: count() }).from(payments);
    return [o?.n, i?.n, p?.n];
  }

  it('writes order, lines and payment and raises the event when nothing changed', async () => {
    const { order, event } = await pricedOrder();
    const received: string[] = [];
    const stop = await t.database.listen(REALTIME_CHANNEL, (payload) => received.push(payload));
    try {
      expect(await insertOrder(t.app.db, order, event)).toBeInstanceOf(Date);
      expect(await written()).toEqual([1, 1, 1]);
      await expect.poll(() => received.map((payload) => JSON.parse(payload))).toEqual([event]);
    } finally {
      await stop();
    }
  });

  it('writes nothing and raises nothing when a price changed after the order was priced', async () => {
    const { order, event, itemId } = await pricedOrder();
    await t.app.db.update(menuItems).set({ price: 3500 }).where(eq(menuItems.id, itemId));
    const received: string[] = [];
    const stop = await t.database.listen(REALTIME_CHANNEL, (payload) => received.push(payload));
    try {
      expect(await insertOrder(t.app.db, order, event)).toBeUndefined();
      expect(await written()).toEqual([0, 0, 0]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received).toEqual([]);
    } finally {
      await stop();
    }
  });

  it('writes nothing when the item became unavailable or the restaurant closed meanwhile', async () => {
    const { order, event, itemId, restaurantId } = await pricedOrder();
    await t.app.db.update(menuItems).set({ isAvailable: false }).where(eq(menuItems.id, itemId));
    expect(await insertOrder(t.app.db, order, event)).toBeUndefined();

    await t.app.db.update(menuItems).set({ isAvailable: true }).where(eq(menuItems.id, itemId));
    await t.app.db.update(restaurants).set({ isActive: false }).where(eq(restaurants.id, restaurantId));
    expect(await insertOrder(t.app.db, order, event)).toBeUndefined();
    expect(await written()).toEqual([0, 0, 0]);
  });
});
