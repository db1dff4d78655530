import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { OrderStatus } from '@shared/orders/status.js';
import type { OrderView } from '@shared/orders/schemas.js';
import { orders } from '../db/schema.js';
import { insertMenuItem, insertRestaurant } from '../restaurants/testFixtures.js';
import { createUser, type TestUser } from '../test/accounts.js';
import type { App } from '../app.js';
import type { TestContext } from '../test/app.js';

/** A restaurant with an owner and one dish, for order tests. */
export async function openRestaurant(t: TestContext) {
  const owner = await createUser(t, { role: 'restaurant' });
  const restaurant = await insertRestaurant(t.app.db, { ownerId: owner.userId });
  const dish = await insertMenuItem(t.app.db, { restaurantId: restaurant.id, name: 'Waakye', price: 2500 });
  return { owner, restaurant, dish };
}

/** Where placeOrder's food goes: a pin in Accra, a few km from the test fixtures' kitchens, as checkout asks where fees go by distance. */
export const TEST_DELIVERY_PIN = { deliveryLatitude: 5.6037, deliveryLongitude: -0.187 };

type TestKitchen = { restaurant: { id: string }; dish: { id: string } };

/** A cash checkout of these cart lines sent to `app` as the customer's browser would, answered whatever it is. */
export const sendCashCart = (app: App, customer: TestUser, restaurantId: string, items: object[]) =>
  app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: customer.authHeader,
    payload: {
      orderId: randomUUID(),
      restaurantId,
      items,
      deliveryAddress: '7 Spintex Road, Accra',
      deliveryPhone: '+233 24 555 0102',
      ...TEST_DELIVERY_PIN,
      paymentMethod: 'cash',
    },
  });

/** A cash checkout of `quantity` of the kitchen's dish, as sendCashCart. */
export const sendCashCheckout = (app: App, customer: TestUser, kitchen: TestKitchen, quantity = 1) =>
  sendCashCart(app, customer, kitchen.restaurant.id, [{ menuItemId: kitchen.dish.id, quantity }]);

/** Places a cash order through the API, as the customer's browser would. */
export async function placeOrder(t: TestContext, customer: TestUser, kitchen: TestKitchen, quantity = 1): Promise<OrderView> {
  const res = await sendCashCheckout(t.app, customer, kitchen, quantity);
  if (res.statusCode !== 201) throw new Error(`placeOrder failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Moves an order through the API, as `user`'s browser would. */
export const moveAs = (t: TestContext, user: TestUser, orderId: string, status: OrderStatus) =>
  t.app.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, headers: user.authHeader, payload: { status } });

/** The order as stored, where its moves left it. */
export async function storedOrder(t: TestContext, orderId: string) {
  return (await t.app.db.select().from(orders).where(eq(orders.id, orderId)))[0];
}

/** Puts an order in a status directly, for states the API cannot reach yet (driver moves, card orders). */
export async function forceStatus(t: TestContext, orderId: string, status: OrderStatus, driverId?: string) {
  await t.app.db
    .update(orders)
    .set({ status, ...(driverId ? { driverId } : {}) })
    .where(eq(orders.id, orderId));
}

/** `rider` picks the order up and delivers it with its code through the API, as their phone would; throws unless it is delivered. */
export async function riderDelivers(
  t: TestContext,
  rider: Pick<TestUser, 'userId' | 'authHeader'>,
  order: { id: string; deliveryCode: string | null },
) {
  await forceStatus(t, order.id, 'picked_up', rider.userId);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/orders/${order.id}/deliver`,
    headers: rider.authHeader,
    payload: { code: order.deliveryCode },
  });
  if (res.statusCode !== 200) throw new Error(`riderDelivers: ${res.statusCode} ${res.body}`);
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
