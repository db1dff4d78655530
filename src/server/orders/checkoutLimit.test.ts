import { randomUUID } from 'node:crypto';
import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '../db/schema.js';
import { insertMenuItem, insertRestaurant } from '../restaurants/testFixtures.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { triesAgainWithinAMinute } from '../test/tryAgain.js';

describe('orders per customer', () => {
  const t = useTestApp({ RATE_LIMIT_ORDERS_MAX: '5' });

  async function openKitchen() {
    const owner = await createUser(t, { role: 'restaurant' });
    const restaurant = await insertRestaurant(t.app.db, { ownerId: owner.userId });
    const dish = await insertMenuItem(t.app.db, { restaurantId: restaurant.id, name: 'Kelewele', price: 100 });
    return { restaurant, dish };
  }

  const checkout = (user: TestUser, kitchen: Awaited<ReturnType<typeof openKitchen>>, orderId: string = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: user.authHeader,
      payload: {
        orderId,
        restaurantId: kitchen.restaurant.id,
        items: [{ menuItemId: kitchen.dish.id, quantity: 99 }],
        deliveryAddress: '4 Ring Road, Accra',
        deliveryPhone: '+233 24 555 0101',
        paymentMethod: 'cash',
      },
    });

  const orderCount = async () => (await t.app.db.select({ n: count() }).from(orders))[0]?.n ?? 0;

  it('accepts the limit of 60 orders sent at once by one customer and answers the rest 429, saying when to retry', async () => {
    const kitchen = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const replies = await Promise.all(Array.from({ length: 60 }, () => checkout(customer, kitchen)));

    expect(replies.filter((res) => res.statusCode === 201)).toHaveLength(5);
    const refused = replies.filter((res) => res.statusCode === 429);
    expect(refused).toHaveLength(55);
    expect(refused[0]?.json()).toEqual({
      error: { code: 'rate_limited', message: triesAgainWithinAMinute('You have placed several orders in a short time.') },
    });
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    expect(await orderCount()).toBe(5);

    const other = await createUser(t, { role: 'customer' });
    expect((await checkout(other, kitchen)).statusCode).toBe(201);
  });

  it('neither counts nor refuses a checkout sent again: the retry gets its order back', async () => {
    const kitchen = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const first = await checkout(customer, kitchen);
    expect(first.statusCode).toBe(201);
    const orderId = first.json<{ id: string }>().id;

    for (let n = 0; n < 8; n++) expect((await checkout(customer, kitchen, orderId)).statusCode).toBe(201);
    for (let n = 0; n < 4; n++) expect((await checkout(customer, kitchen)).statusCode).toBe(201);
    expect((await checkout(customer, kitchen)).statusCode).toBe(429);

    const retried = await checkout(customer, kitchen, orderId);
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toEqual(first.json());
    expect(await orderCount()).toBe(5);
  });
});
