import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OrderStatus } from '@shared/orders/status.js';
import type { OrderView } from '@shared/orders/schemas.js';
import { orders } from '../db/schema.js';
import { insertMenuItem, insertRestaurant } from '../restaurants/testFixtures.js';
import { createUser, type TestUser } from '../test/accounts.js';
import type { TestContext } from '../test/app.js';

/** A restaurant with an owner and one dish, for order tests. */
export async function openRestaurant(t: TestContext) {
  const owner = await createUser(t, { role: 'restaurant' });
  const restaurant = await insertRestaurant(t.app.db, { ownerId: owner.userId });
  const dish = await insertMenuItem(t.app.db, { restaurantId: restaurant.id, name: 'Waakye', price: 2500 });
  return { owner, restaurant, dish };
}

/** Places a cash order through the API, as the customer's browser would. */
export async function placeOrder(
  t: TestContext,
  customer: TestUser,
  kitchen: { restaurant: { id: string }; dish: { id: string } },
  quantity = 1,
): Promise<OrderView> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: customer.authHeader,
    payload: {
      orderId: randomUUID(),
      restaurantId: kitchen.restaurant.id,
      items: [{ menuItemId: kitchen.dish.id, quantity }],
      deliveryAddress: '7 Spintex Road, Accra',
      deliveryPhone: '+233 24 555 0102',
      paymentMethod: 'cash',
    },
  });
  if (res.statusCode !== 201) throw new Error(`placeOrder failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Puts an order in a status directly, for states the API cannot reach yet (driver moves, card orders). */
export async function forceStatus(t: TestContext, orderId: string, status: OrderStatus, driverId?: string) {
  await t.app.db
    .update(orders)
    .set({ status, ...(driverId ? { driverId } : {}) })
    .where(eq(orders.id, orderId));
}

/**
 * An order out for delivery whose rider an admin then took out of service through the API: their
 * account disabled, or their verification withdrawn. The admin is 'Abena Support'.
 */
export async function stuckOrder(t: TestContext, how: 'disabled' | 'unverified' = 'disabled') {
  const admin = await createUser(t, { role: 'admin', fullName: 'Abena Support' });
  const kitchen = await openRestaurant(t);
  const customer = await createUser(t, { role: 'customer' });
  const rider = await createUser(t, { role: 'driver', verifiedDriver: true });
  const order = await placeOrder(t, customer, kitchen);
  await forceStatus(t, order.id, 'picked_up', rider.userId);
  const change =
    how === 'disabled'
      ? { url: `/api/admin/users/${rider.userId}/disabled`, payload: { disabled: true } }
      : { url: `/api/admin/drivers/${rider.userId}/verified`, payload: { verified: false } };
  const res = await t.app.inject({ method: 'PATCH', headers: admin.authHeader, ...change });
  if (res.statusCode !== 200) throw new Error(`stuckOrder: ${res.statusCode} ${res.body}`);
  return { admin, kitchen, customer, rider, order };
}
