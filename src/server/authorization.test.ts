import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { topics } from '@shared/realtime/events.js';
import type { AuthUser } from './core/identity.js';
import { drivers, menuItems, orderRatings, orders, payments, restaurantMembers, savedPlaces } from './db/schema.js';
import { restaurantImage } from './menu/testMenu.js';
import { deliverCashOrder } from './ledger/testCash.js';
import { forceStatus, openRestaurant, placeOrder, TEST_DELIVERY_PIN } from './orders/testOrders.js';
import { insertPendingIntent } from './payments/testIntents.js';
import { maySubscribe } from './policy.js';
import { accraRestaurantForm, insertMenuItem } from './restaurants/testFixtures.js';
import { insertInvitation } from './restaurants/testInvitations.js';
import { createUser, type TestUser } from './test/accounts.js';
import { useTestApp, type TestContext } from './test/app.js';
import { multipart, pngImage } from './test/images.js';

/**
 * The authorization matrix: every route of the app, asked by every kind of caller, with the
 * status each must get. A route without a row fails the first test, so every new route must say
 * here who may use it. Rows describe the answer for a caller kind, not the shape of a reply, so
 * that auth routes can change their bodies (cookies, say) without this table changing.
 */

const CALLERS = [
  'anonymous',
  'customer',
  'otherCustomer',
  'owner',
  'otherOwner',
  'manager',
  'otherManager',
  'driver',
  'unverifiedDriver',
  'admin',
] as const;
type Caller = (typeof CALLERS)[number];

/** Routes the table does not cover, and why. */
const NOT_IN_TABLE: { prefix: string; reason: string }[] = [
  {
    prefix: '/api/realtime',
    reason: 'a WebSocket: who may follow which topic is the realtime table below (maySubscribe) and realtime.test.ts',
  },
  { prefix: '/api/docs', reason: 'the public API documentation, generated from the schemas; it holds no data' },
];

interface Scene {
  t: TestContext;
  users: Record<Exclude<Caller, 'anonymous'>, TestUser>;
  restaurantId: string;
  dishId: string;
  /** A confirmed order of `customer` at `owner`'s restaurant. */
  orderId: string;
  driverLicense: string;
  foodImageUrl: string;
}

type Request = (scene: Scene) => Promise<InjectOptions> | InjectOptions;

interface Row {
  route: string;
  /** The situation the statuses are for. */
  given: string;
  request: Request;
  statuses: readonly number[];
  /**
   * Sent with a second session of the caller's, signed in for this request: signing out ends the
   * session of the token it carries, which must not be the one the other rows use.
   */
  ownSession?: true;
}

/** A fresh cash order of the scene's customer, in `status` (accepted: by the scene's driver), for moves that change it. */
async function freshOrder(scene: Scene, status: 'confirmed' | 'ready' | 'accepted') {
  const order = await placeOrder(scene.t, scene.users.customer, {
    restaurant: { id: scene.restaurantId },
    dish: { id: scene.dishId },
  });
  const driverId = status === 'accepted' ? scene.users.driver.userId : undefined;
  if (status !== 'confirmed') await forceStatus(scene.t, order.id, status, driverId);
  return order.id;
}

/** A fresh order of the scene's customer that the verified driver has picked up, with its code, locked if asked. */
async function pickedUpOrder(scene: Scene, options: { locked?: boolean } = {}) {
  const order = await placeOrder(scene.t, scene.users.customer, {
    restaurant: { id: scene.restaurantId },
    dish: { id: scene.dishId },
  });
  await forceStatus(scene.t, order.id, 'picked_up', scene.users.driver.userId);
  if (options.locked) await scene.t.app.db.update(orders).set({ deliveryCodeLocked: true }).where(eq(orders.id, order.id));
  return { id: order.id, code: order.deliveryCode ?? '' };
}

/** A fresh order the verified driver picked up, the driver at its delivery pin; its wait at the door over when asked. */
async function atTheDoorOrder(scene: Scene, options: { waited?: boolean } = {}) {
  const { id } = await pickedUpOrder(scene);
  const { deliveryLatitude: latitude, deliveryLongitude: longitude } = TEST_DELIVERY_PIN;
  await scene.t.app.db.update(drivers).set({ latitude, longitude }).where(eq(drivers.userId, scene.users.driver.userId));
  if (options.waited) {
    const wait = { waitStartedAt: sql`now() - interval '11 minutes'`, waitEndsAt: sql`now() - interval '1 minute'` };
    await scene.t.app.db.update(orders).set(wait).where(eq(orders.id, id));
  }
  return id;
}

/** A fresh order paid by card that the verified driver closed as customer not available: its payment waits for a decision. */
async function unavailableCardOrder(scene: Scene) {
  const { id } = await pickedUpOrder(scene);
  await scene.t.app.db
    .update(payments)
    .set({ paymentMethod: 'paystack-card', paymentStatus: 'completed', transactionReference: `chop-${randomUUID()}` })
    .where(eq(payments.orderId, id));
  await forceStatus(scene.t, id, 'customer_unavailable');
  return id;
}

const doorPhoto = async (orderId: string) => {
  const form = multipart({}, { file: { data: await pngImage(), filename: 'door.png', contentType: 'image/png' } });
  return { method: 'POST' as const, url: `/api/orders/${orderId}/not-available`, payload: form.payload, headers: form.headers };
};

const checkout = (scene: Scene) => ({
  method: 'POST' as const,
  url: '/api/orders',
  payload: {
    orderId: randomUUID(),
    restaurantId: scene.restaurantId,
    items: [{ menuItemId: scene.dishId, quantity: 1 }],
    deliveryAddress: '7 Spintex Road, Accra',
    deliveryPhone: '+233 24 555 0102',
    paymentMethod: 'cash',
  },
});

const foodImage = async () => {
  const form = multipart({}, { file: { data: await pngImage(), filename: 'jollof.png', contentType: 'image/png' } });
  return { method: 'POST' as const, url: '/api/storage/food-images', payload: form.payload, headers: form.headers };
};

const menuItem = { name: 'Kelewele', price: '12.10', category: 'Sides', isAvailable: true };

/** A fresh item of the owner's menu, for a delete to remove. */
const spareItem = async (scene: Scene) => (await insertMenuItem(scene.t.app.db, { restaurantId: scene.restaurantId })).id;

const menuIds = async (scene: Scene) =>
  (await scene.t.app.db.select({ id: menuItems.id }).from(menuItems).where(eq(menuItems.restaurantId, scene.restaurantId))).map(
    (row) => row.id,
  );

/** A manager of the scene's restaurant made for one request, so that each caller has one to remove. */
async function freshManagerOf(scene: Scene) {
  const manager = await createUser(scene.t, { role: 'manager' });
  await scene.t.app.db.insert(restaurantMembers).values({ restaurantId: scene.restaurantId, userId: manager.userId });
  return manager.userId;
}

/** A new session of `user`, signed in with their password, for a request that may end it. */
async function secondSession(t: TestContext, user: TestUser) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email: user.email, password: user.password },
  });
  const { accessToken } = res.json<{ accessToken: string }>();
  return { authorization: `Bearer ${accessToken}` };
}
/** A driver made for one request who delivered one of the scene's dishes in cash (GH₵25.00 held), for a hand-in to record. */
async function riderHoldingCash(scene: Scene) {
  const rider = await createUser(scene.t, { role: 'driver', verifiedDriver: true });
  await deliverCashOrder(
    scene.t,
    { restaurant: { id: scene.restaurantId }, dish: { id: scene.dishId } },
    scene.users.customer,
    rider,
  );
  return rider.userId;
}

/** A place the scene's customer saved, made for one request, for a mark or a delete to find. */
async function customerPlace(scene: Scene) {
  const [place] = await scene.t.app.db
    .insert(savedPlaces)
    .values({
      userId: scene.users.customer.userId,
      label: `Home ${randomUUID().slice(0, 8)}`,
      address: '12 Oxford Street, Osu',
      latitude: 5.556,
      longitude: -0.182,
    })
    .returning({ id: savedPlaces.id });
  return place!.id;
}

/** A fresh order of the scene's customer that the verified driver delivered just now, rated (hidden by an admin) when asked. */
async function deliveredOrder(scene: Scene, rated?: 'rated' | 'hidden') {
  const order = await placeOrder(scene.t, scene.users.customer, {
    restaurant: { id: scene.restaurantId },
    dish: { id: scene.dishId },
  });
  await forceStatus(scene.t, order.id, 'delivered', scene.users.driver.userId);
  if (rated) {
    await scene.t.app.db.insert(orderRatings).values({
      orderId: order.id,
      restaurantId: scene.restaurantId,
      customerId: scene.users.customer.userId,
      foodStars: 4,
      hidden: rated === 'hidden',
    });
  }
  return order.id;
}

/** An account made for one request, so that each caller changes one of its own (admin people routes). */
const freshUserId = async (scene: Scene, role: 'customer' | 'driver') => (await createUser(scene.t, { role })).userId;

const get = (url: string): InjectOptions => ({ method: 'GET', url });
const post = (url: string, payload: object): InjectOptions => ({ method: 'POST', url, payload });

/** A payout account as the payout form sends it: MTN mobile money in Ghana. */
const payoutAccount = { recipientType: 'mobile_money', bankCode: 'MTN', accountNumber: '0241234567' };

/** A browser's subscription on FCM (the default PUSH_SERVICE_ORIGINS), its keys well-formed. */
const pushDevice = () => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
});

/** The endpoint of a device the scene's customer subscribed, for a delete to remove. */
async function customerDevice(scene: Scene) {
  const device = pushDevice();
  await scene.t.app.inject({ ...post('/api/push/subscriptions', device), headers: scene.users.customer.authHeader });
  return device.endpoint;
}

// prettier-ignore
const TABLE: Row[] = [
  //                                                       anon cust othC  own othO  mgr othM  drv unvD  adm
  { route: 'GET /api/health', given: 'always',
    request: () => get('/api/health'),                   statuses: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /livez', given: 'always',
    request: () => get('/livez'),                        statuses: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /readyz', given: 'always',
    request: () => get('/readyz'),                       statuses: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /metrics', given: 'no METRICS_TOKEN set (health/metrics.test.ts scrapes with one): a session is no token',
    request: () => get('/metrics'),                      statuses: [404, 404, 404, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'GET /api/config', given: 'always',
    request: () => get('/api/config'),                   statuses: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/delivery/pricing', given: 'always',
    request: () => get('/api/delivery/pricing'),         statuses: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/delivery/quote', given: "a restaurant's quote",
    request: (s) => get(`/api/delivery/quote?restaurantId=${s.restaurantId}`), statuses: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },

  { route: 'POST /api/auth/signup', given: 'an empty form',
    request: () => ({ method: 'POST', url: '/api/auth/signup', ...multipart({}) }),
                                                         statuses: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400] },
  { route: 'POST /api/auth/signin', given: 'a wrong password',
    request: (s) => post('/api/auth/signin', { email: s.users.customer.email, password: 'not-the-password' }),
                                                         statuses: [401, 401, 401, 401, 401, 401, 401, 401, 401, 401] },
  { route: 'POST /api/auth/refresh', given: 'a refresh token nobody was given',
    request: () => post('/api/auth/refresh', { refreshToken: 'unknown-refresh-token' }),
                                                         statuses: [401, 401, 401, 401, 401, 401, 401, 401, 401, 401] },
  { route: 'POST /api/auth/signout', given: 'a refresh token nobody was given, with a session of the caller', ownSession: true,
    request: () => post('/api/auth/signout', { refreshToken: 'unknown-refresh-token' }),
                                                         statuses: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/auth/me', given: 'always',
    request: () => get('/api/auth/me'),                  statuses: [401, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/auth/forgot-password', given: 'an email nobody has',
    request: () => post('/api/auth/forgot-password', { email: 'nobody@test.local' }),
                                                         statuses: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/auth/reset-password', given: 'a reset token nobody was given',
    request: () => post('/api/auth/reset-password', { token: 'unknown-reset-token', password: 'new-password-1' }),
                                                         statuses: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400] },

  { route: 'POST /api/storage/:bucket', given: 'a food picture',
    request: foodImage,                                  statuses: [401, 403, 403, 201, 201, 403, 403, 403, 403, 201] },
  { route: 'POST /api/storage/:bucket', given: "a food picture for the owner's restaurant folder",
    request: async (s) => ({ ...(await foodImage()), url: `/api/storage/food-images?folder=${s.restaurantId}` }),
                                                         statuses: [401, 403, 403, 201, 404, 403, 403, 403, 403, 201] },
  { route: 'GET /api/files/:bucket/:entry', given: "the verified driver's licence",
    request: (s) => get(`/api/files/driver-licenses/${s.driverLicense}`),
                                                         statuses: [404, 404, 404, 404, 404, 404, 404, 200, 404, 200] },

  { route: 'GET /api/restaurants', given: 'always',
    request: () => get('/api/restaurants'),              statuses: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/restaurants/mine', given: 'the owner has one, the other owner too',
    request: () => get('/api/restaurants/mine'),         statuses: [401, 403, 403, 200, 200, 403, 403, 403, 403, 403] },
  { route: 'GET /api/restaurants/:id', given: "the owner's restaurant",
    request: (s) => get(`/api/restaurants/${s.restaurantId}`),
                                                         statuses: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/restaurants', given: 'a valid form from an owner who already has one',
    request: () => post('/api/restaurants', accraRestaurantForm({ name: 'Second Kitchen' })),
                                                         statuses: [401, 403, 403, 409, 409, 403, 403, 403, 403, 403] },
  { route: 'PATCH /api/restaurants/:id', given: "the owner's restaurant, a valid form",
    request: (s) => ({ method: 'PATCH', url: `/api/restaurants/${s.restaurantId}`, payload: accraRestaurantForm({ name: 'Renamed Kitchen' }) }),
                                                         statuses: [401, 403, 403, 200, 404, 403, 403, 403, 403, 200] },
  { route: 'POST /api/restaurants/:id/pause', given: "the owner's restaurant, 15 minutes (the next row resumes it)",
    request: (s) => post(`/api/restaurants/${s.restaurantId}/pause`, { minutes: 15 }),
                                                         statuses: [401, 403, 403, 200, 404, 403, 403, 403, 403, 200] },
  { route: 'DELETE /api/restaurants/:id/pause', given: "the owner's restaurant",
    request: (s) => ({ method: 'DELETE', url: `/api/restaurants/${s.restaurantId}/pause` }),
                                                         statuses: [401, 403, 403, 200, 404, 403, 403, 403, 403, 200] },
  { route: 'PUT /api/restaurants/:id/busy', given: "the owner's restaurant, 10 minutes (the next row clears it)",
    request: (s) => ({ method: 'PUT', url: `/api/restaurants/${s.restaurantId}/busy`, payload: { minutes: 10 } }),
                                                         statuses: [401, 403, 403, 200, 404, 403, 403, 403, 403, 200] },
  { route: 'DELETE /api/restaurants/:id/busy', given: "the owner's restaurant",
    request: (s) => ({ method: 'DELETE', url: `/api/restaurants/${s.restaurantId}/busy` }),
                                                         statuses: [401, 403, 403, 200, 404, 403, 403, 403, 403, 200] },
  { route: 'GET /api/restaurants/:id/managers', given: "the owner's restaurant",
    request: (s) => get(`/api/restaurants/${s.restaurantId}/managers`),
                                                         statuses: [401, 403, 403, 200, 404, 403, 403, 403, 403, 200] },
  { route: 'DELETE /api/restaurants/:id/managers/:userId', given: 'a manager of the restaurant',
    request: async (s) => ({ method: 'DELETE', url: `/api/restaurants/${s.restaurantId}/managers/${await freshManagerOf(s)}` }),
                                                         statuses: [401, 403, 403, 204, 404, 403, 403, 403, 403, 204] },
  { route: 'GET /api/restaurants/:id/invitations', given: "the owner's restaurant",
    request: (s) => get(`/api/restaurants/${s.restaurantId}/invitations`),
                                                         statuses: [401, 403, 403, 200, 404, 403, 403, 403, 403, 200] },
  { route: 'POST /api/restaurants/:id/invitations', given: 'the email of a manager who already belongs to it',
    request: (s) => post(`/api/restaurants/${s.restaurantId}/invitations`, { email: s.users.manager.email }),
                                                         statuses: [401, 403, 403, 201, 404, 403, 403, 403, 403, 201] },
  { route: 'DELETE /api/restaurants/:id/invitations/:invitationId', given: 'a pending invitation of the restaurant',
    request: async (s) => {
      const { id } = await insertInvitation(s.t, s.restaurantId, `withdrawn-${randomUUID()}@test.local`);
      return { method: 'DELETE', url: `/api/restaurants/${s.restaurantId}/invitations/${id}` };
    },                                                   statuses: [401, 403, 403, 204, 404, 403, 403, 403, 403, 204] },
  { route: 'POST /api/invitations/lookup', given: "a pending invitation of the manager's email",
    request: async (s) => post('/api/invitations/lookup', { token: (await insertInvitation(s.t, s.restaurantId, s.users.manager.email)).token }),
                                                         statuses: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/invitations/accept', given: "a pending invitation of the manager's email",
    request: async (s) => post('/api/invitations/accept', { token: (await insertInvitation(s.t, s.restaurantId, s.users.manager.email)).token }),
                                                         statuses: [401, 403, 403, 403, 403, 200, 403, 403, 403, 403] },
  { route: 'POST /api/auth/invitation-signup', given: 'a token nobody was given',
    request: () => post('/api/auth/invitation-signup', { token: 'unknown-token', fullName: 'Ama', phone: '+233 24 123 4567', password: 'password123' }),
                                                         statuses: [404, 404, 404, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'GET /api/restaurants/:id/menu', given: "the owner's restaurant",
    request: (s) => get(`/api/restaurants/${s.restaurantId}/menu`),
                                                         statuses: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/files/:bucket/:entry/:fileName', given: "a food picture in the owner's restaurant folder",
    request: (s) => get(s.foodImageUrl),                 statuses: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'GET /api/restaurants/:id/menu-items', given: "the owner's menu",
    request: (s) => get(`/api/restaurants/${s.restaurantId}/menu-items`),
                                                         statuses: [401, 403, 403, 200, 404, 403, 403, 403, 403, 200] },
  { route: 'POST /api/restaurants/:id/menu-items', given: "a new item on the owner's menu",
    request: (s) => post(`/api/restaurants/${s.restaurantId}/menu-items`, menuItem),
                                                         statuses: [401, 403, 403, 201, 404, 403, 403, 403, 403, 201] },
  { route: 'PUT /api/restaurants/:id/menu-items/:itemId', given: "the owner's dish, changed",
    request: (s) => ({ method: 'PUT', url: `/api/restaurants/${s.restaurantId}/menu-items/${s.dishId}`, payload: menuItem }),
                                                         statuses: [401, 403, 403, 200, 404, 403, 403, 403, 403, 200] },
  { route: 'DELETE /api/restaurants/:id/menu-items/:itemId', given: "an item of the owner's menu",
    request: async (s) => ({ method: 'DELETE', url: `/api/restaurants/${s.restaurantId}/menu-items/${await spareItem(s)}` }),
                                                         statuses: [401, 403, 403, 204, 404, 403, 403, 403, 403, 204] },
  { route: 'PUT /api/restaurants/:id/menu-items/:itemId/sold-out', given: "the owner's dish, sold out for today (the next row brings it back)",
    request: (s) => ({ method: 'PUT', url: `/api/restaurants/${s.restaurantId}/menu-items/${s.dishId}/sold-out`, payload: {} }),
                                                         statuses: [401, 403, 403, 200, 404, 403, 403, 403, 403, 200] },
  { route: 'DELETE /api/restaurants/:id/menu-items/:itemId/sold-out', given: "the owner's dish, back on the menu",
    request: (s) => ({ method: 'DELETE', url: `/api/restaurants/${s.restaurantId}/menu-items/${s.dishId}/sold-out` }),
                                                         statuses: [401, 403, 403, 200, 404, 403, 403, 403, 403, 200] },
  { route: 'PUT /api/restaurants/:id/menu-items/order', given: "the owner's menu in the same order",
    request: async (s) => ({ method: 'PUT', url: `/api/restaurants/${s.restaurantId}/menu-items/order`, payload: { itemIds: await menuIds(s) } }),
                                                         statuses: [401, 403, 403, 200, 404, 403, 403, 403, 403, 200] },
  { route: 'GET /api/restaurants/:id/orders', given: "the owner's kitchen board",
    request: (s) => get(`/api/restaurants/${s.restaurantId}/orders`),
                                                         statuses: [401, 403, 403, 200, 404, 403, 403, 403, 403, 200] },
  { route: 'GET /api/restaurants/:id/transactions', given: "the owner's sales",
    request: (s) => get(`/api/restaurants/${s.restaurantId}/transactions`),
                                                         statuses: [401, 403, 403, 200, 404, 200, 404, 403, 403, 200] },
  { route: 'GET /api/restaurants/:id/sales', given: "the owner's sales summary",
    request: (s) => get(`/api/restaurants/${s.restaurantId}/sales?period=7d`),
                                                         statuses: [401, 403, 403, 200, 404, 200, 404, 403, 403, 200] },
  { route: 'GET /api/restaurants/:id/reviews', given: "the owner's reviews",
    request: (s) => get(`/api/restaurants/${s.restaurantId}/reviews`),
                                                         statuses: [401, 403, 403, 200, 404, 200, 404, 403, 403, 200] },
  { route: 'PUT /api/restaurants/:id/reviews/:orderId/reply', given: "a fresh review of the owner's restaurant",
    request: async (s) => ({ method: 'PUT', url: `/api/restaurants/${s.restaurantId}/reviews/${await deliveredOrder(s, 'rated')}/reply`, payload: { text: 'Thank you!' } }),
                                                         statuses: [401, 403, 403, 200, 404, 403, 403, 403, 403, 403] },
  { route: 'GET /api/restaurants/managed', given: 'each owner has one restaurant, each manager one',
    request: () => get('/api/restaurants/managed'),      statuses: [401, 403, 403, 200, 200, 200, 200, 403, 403, 403] },
  { route: 'GET /api/restaurants/:id/statement', given: "the owner's restaurant's statement",
    request: (s) => get(`/api/restaurants/${s.restaurantId}/statement`),
                                                         statuses: [401, 403, 403, 200, 404, 200, 404, 403, 403, 200] },
  { route: 'GET /api/restaurants/:id/statement.csv', given: "the owner's restaurant's statement as CSV",
    request: (s) => get(`/api/restaurants/${s.restaurantId}/statement.csv`),
                                                         statuses: [401, 403, 403, 200, 404, 200, 404, 403, 403, 200] },
  // Payout accounts: this app has no Paystack keys, so the owner's valid change is refused (422) after the policy let them in.
  { route: 'GET /api/restaurants/:id/payout-account', given: "the owner's restaurant (owner only: not managers, not admins)",
    request: (s) => get(`/api/restaurants/${s.restaurantId}/payout-account`),
                                                         statuses: [401, 403, 403, 200, 404, 403, 403, 403, 403, 403] },
  { route: 'PUT /api/restaurants/:id/payout-account', given: "the owner's restaurant, a valid account, payouts off",
    request: (s) => ({ method: 'PUT', url: `/api/restaurants/${s.restaurantId}/payout-account`, payload: payoutAccount }),
                                                         statuses: [401, 403, 403, 422, 404, 403, 403, 403, 403, 403] },

  { route: 'POST /api/orders', given: "a cart from the owner's menu",
    request: checkout,                                   statuses: [401, 201, 201, 403, 403, 403, 403, 403, 403, 403] },
  { route: 'GET /api/orders/mine', given: 'always',
    request: () => get('/api/orders/mine'),              statuses: [401, 200, 200, 403, 403, 403, 403, 403, 403, 403] },
  { route: 'GET /api/orders/available', given: 'always',
    request: () => get('/api/orders/available'),         statuses: [401, 403, 403, 403, 403, 403, 403, 200, 403, 403] },
  { route: 'GET /api/orders/deliveries', given: 'always',
    request: () => get('/api/orders/deliveries'),        statuses: [401, 403, 403, 403, 403, 403, 403, 200, 200, 403] },
  { route: 'GET /api/orders/:id', given: "the customer's confirmed order",
    request: (s) => get(`/api/orders/${s.orderId}`),     statuses: [401, 200, 404, 200, 404, 200, 404, 404, 404, 200] },
  { route: 'PATCH /api/orders/:id/status', given: 'a confirmed order moved to preparing',
    request: async (s) => ({ method: 'PATCH', url: `/api/orders/${await freshOrder(s, 'confirmed')}/status`, payload: { status: 'preparing' } }),
                                                         statuses: [401, 403, 404, 200, 404, 403, 404, 404, 404, 200] },
  { route: 'PATCH /api/orders/:id/status', given: 'a ready order accepted',
    request: async (s) => ({ method: 'PATCH', url: `/api/orders/${await freshOrder(s, 'ready')}/status`, payload: { status: 'accepted' } }),
                                                         statuses: [401, 403, 404, 403, 404, 403, 404, 200, 403, 403] },
  // After the row above: the driver's forced deliveries here would make them too busy to accept.
  { route: 'POST /api/orders/:id/decline', given: "the driver's accepted order",
    request: async (s) => ({ method: 'POST', url: `/api/orders/${await freshOrder(s, 'accepted')}/decline` }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 200, 404, 403] },

  { route: 'PATCH /api/drivers/me/availability', given: 'going online',
    request: () => ({ method: 'PATCH', url: '/api/drivers/me/availability', payload: { available: true } }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 200, 403, 403] },
  { route: 'POST /api/orders/:id/deliver', given: "an order the verified driver picked up, its right code",
    request: async (s) => { const order = await pickedUpOrder(s); return post(`/api/orders/${order.id}/deliver`, { code: order.code }); },
                                                         statuses: [401, 403, 404, 403, 404, 403, 404, 200, 404, 403] },
  { route: 'POST /api/orders/:id/wait', given: 'an order the verified driver picked up, the driver at its pin',
    request: async (s) => post(`/api/orders/${await atTheDoorOrder(s)}/wait`, {}),
                                                         statuses: [401, 403, 404, 403, 404, 403, 404, 200, 404, 403] },
  { route: 'POST /api/orders/:id/not-available', given: 'an order the verified driver picked up and waited for in vain, a door photo',
    request: async (s) => doorPhoto(await atTheDoorOrder(s, { waited: true })),
                                                         statuses: [401, 403, 404, 403, 404, 403, 404, 200, 404, 403] },
  { route: 'GET /api/orders/:id/reorder', given: "the customer's confirmed order",
    request: (s) => get(`/api/orders/${s.orderId}/reorder`),
                                                         statuses: [401, 200, 404, 403, 403, 403, 403, 403, 403, 403] },
  { route: 'POST /api/orders/:id/rating', given: "the customer's order delivered just now",
    request: async (s) => post(`/api/orders/${await deliveredOrder(s)}/rating`, { foodStars: 5, riderThumbsUp: true }),
                                                         statuses: [401, 201, 404, 403, 403, 403, 403, 403, 403, 403] },
  { route: 'GET /api/places', given: 'always',
    request: () => get('/api/places'),                  statuses: [401, 200, 200, 403, 403, 403, 403, 403, 403, 403] },
  { route: 'POST /api/places', given: 'a new place of the caller',
    request: () => post('/api/places', { label: `Office ${randomUUID().slice(0, 8)}`, address: '4 Ring Road, Accra', latitude: 5.57, longitude: -0.2 }),
                                                         statuses: [401, 201, 201, 403, 403, 403, 403, 403, 403, 403] },
  { route: 'POST /api/places/:id/used', given: "the customer's place",
    request: async (s) => post(`/api/places/${await customerPlace(s)}/used`, {}),
                                                         statuses: [401, 200, 404, 403, 403, 403, 403, 403, 403, 403] },
  { route: 'DELETE /api/places/:id', given: "the customer's place",
    request: async (s) => ({ method: 'DELETE', url: `/api/places/${await customerPlace(s)}` }),
                                                         statuses: [401, 204, 404, 403, 403, 403, 403, 403, 403, 403] },
  { route: 'GET /api/drivers/me', given: 'always',
    request: () => get('/api/drivers/me'),               statuses: [401, 403, 403, 403, 403, 403, 403, 200, 200, 403] },
  { route: 'GET /api/drivers/me/earnings', given: 'always',
    request: () => get('/api/drivers/me/earnings'),      statuses: [401, 403, 403, 403, 403, 403, 403, 200, 200, 403] },
  { route: 'GET /api/drivers/me/statement', given: 'always',
    request: () => get('/api/drivers/me/statement'),     statuses: [401, 403, 403, 403, 403, 403, 403, 200, 200, 403] },
  { route: 'GET /api/drivers/me/statement.csv', given: 'always',
    request: () => get('/api/drivers/me/statement.csv'), statuses: [401, 403, 403, 403, 403, 403, 403, 200, 200, 403] },
  { route: 'GET /api/drivers/me/payout-account', given: 'always',
    request: () => get('/api/drivers/me/payout-account'), statuses: [401, 403, 403, 403, 403, 403, 403, 200, 200, 403] },
  { route: 'PUT /api/drivers/me/payout-account', given: 'a valid account, payouts off',
    request: () => ({ method: 'PUT', url: '/api/drivers/me/payout-account', payload: payoutAccount }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 422, 422, 403] },
  { route: 'GET /api/payouts/banks', given: 'Ghanaian banks, payouts off',
    request: () => get('/api/payouts/banks?recipientType=ghipss'),
                                                         statuses: [401, 403, 403, 422, 422, 403, 403, 422, 422, 403] },
  { route: 'POST /api/payouts/resolve', given: 'a valid account, payouts off',
    request: () => post('/api/payouts/resolve', payoutAccount),
                                                         statuses: [401, 403, 403, 422, 422, 403, 403, 422, 422, 403] },
  { route: 'GET /api/drivers/me/cash-hand-ins', given: 'always',
    request: () => get('/api/drivers/me/cash-hand-ins'), statuses: [401, 403, 403, 403, 403, 403, 403, 200, 200, 403] },
  { route: 'PUT /api/drivers/me/location', given: 'a valid position',
    request: () => ({ method: 'PUT', url: '/api/drivers/me/location', payload: { latitude: 5.6037, longitude: -0.187 } }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 200, 200, 403] },

  // Card payments: this app has no Paystack keys, so a customer's own intent can be looked up but not paid (422).
  { route: 'POST /api/payments/card/intents', given: "a cart from the owner's menu, card payments off",
    request: (s) => post('/api/payments/card/intents', { restaurantId: s.restaurantId, items: [{ menuItemId: s.dishId, quantity: 1 }], deliveryAddress: '7 Spintex Road, Accra', deliveryPhone: '+233 24 555 0102' }),
                                                         statuses: [401, 422, 422, 403, 403, 403, 403, 403, 403, 403] },
  { route: 'POST /api/payments/card/intents/:reference/verify', given: "the customer's pending intent",
    request: async (s) => post(`/api/payments/card/intents/${await insertPendingIntent(s.t.app.db, { customerId: s.users.customer.userId, restaurantId: s.restaurantId, menuItemId: s.dishId })}/verify`, {}),
                                                         statuses: [401, 422, 404, 403, 403, 403, 403, 403, 403, 403] },
  { route: 'POST /api/payments/paystack/webhook', given: 'an unsigned charge.success (Paystack signs; callers do not)',
    request: () => post('/api/payments/paystack/webhook', { event: 'charge.success', data: { reference: 'x', amount: 1, currency: 'GHS' } }),
                                                         statuses: [401, 401, 401, 401, 401, 401, 401, 401, 401, 401] },
  { route: 'POST /api/payments/paystack/webhook', given: 'an unsigned transfer.success (payouts: Paystack signs; callers do not)',
    request: () => post('/api/payments/paystack/webhook', { event: 'transfer.success', data: { reference: 'payout_x', amount: 1, currency: 'GHS' } }),
                                                         statuses: [401, 401, 401, 401, 401, 401, 401, 401, 401, 401] },
  // SMS delivery reports: this app has no SMS_REPORT_SECRET, so every report is refused as if the address did not exist.
  { route: 'POST /api/sms/reports/africastalking/:secret', given: 'a delivery report, no SMS_REPORT_SECRET set (providers post to a secret URL)',
    request: () => ({ method: 'POST', url: `/api/sms/reports/africastalking/${'s'.repeat(32)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'id=ATXid_1&status=Success' }),
                                                         statuses: [404, 404, 404, 404, 404, 404, 404, 404, 404, 404] },
  { route: 'POST /api/sms/reports/hubtel/:secret', given: 'a delivery report, no SMS_REPORT_SECRET set (providers post to a secret URL)',
    request: () => post(`/api/sms/reports/hubtel/${'s'.repeat(32)}`, { messageId: '1', status: 'Delivered' }),
                                                         statuses: [404, 404, 404, 404, 404, 404, 404, 404, 404, 404] },

  { route: 'GET /api/admin/overview', given: 'always',
    request: () => get('/api/admin/overview'),           statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/admin/commission', given: 'always',
    request: () => get('/api/admin/commission'),         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'PUT /api/admin/commission', given: 'the rate it already has',
    request: () => ({ method: 'PUT', url: '/api/admin/commission', payload: { percent: 10 } }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/admin/delivery-settings', given: 'always',
    request: () => get('/api/admin/delivery-settings'),  statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'PUT /api/admin/delivery-settings', given: 'the defaults it already has',
    request: () => ({ method: 'PUT', url: '/api/admin/delivery-settings', payload: { roadFactorPercent: 130, deliverySharePercent: 20, currencies: [] } }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/admin/approval', given: 'always',
    request: () => get('/api/admin/approval'),           statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'PUT /api/admin/approval', given: 'the choice it already has',
    request: () => ({ method: 'PUT', url: '/api/admin/approval', payload: { restaurantsNeedApproval: false } }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/admin/batching', given: 'always',
    request: () => get('/api/admin/batching'),           statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'PUT /api/admin/batching', given: 'the number it already has',
    request: () => ({ method: 'PUT', url: '/api/admin/batching', payload: { maxCarriedOrders: 2 } }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/admin/orders', given: 'always',
    request: () => get('/api/admin/orders'),             statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/admin/orders', given: 'a search by customer name and status',
    request: () => get('/api/admin/orders?q=Test%20customer&status=confirmed'),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'PATCH /api/orders/:id/status', given: 'a ready order cancelled by support',
    request: async (s) => ({ method: 'PATCH', url: `/api/orders/${await freshOrder(s, 'ready')}/status`, payload: { status: 'cancelled' } }),
                                                         statuses: [401, 403, 404, 403, 404, 403, 404, 403, 404, 200] },
  { route: 'GET /api/admin/restaurants', given: 'always',
    request: () => get('/api/admin/restaurants?q=chop'), statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'PATCH /api/admin/restaurants/:id/active', given: "the owner's open restaurant, opened again",
    request: (s) => ({ method: 'PATCH', url: `/api/admin/restaurants/${s.restaurantId}/active`, payload: { active: true } }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'PATCH /api/admin/restaurants/:id/active', given: 'a restaurant of its own, closed',
    request: async (s) => ({ method: 'PATCH', url: `/api/admin/restaurants/${(await openRestaurant(s.t)).restaurant.id}/active`, payload: { active: false } }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'POST /api/admin/orders/:id/unlock-code', given: 'an order whose code is locked',
    request: async (s) => post(`/api/admin/orders/${(await pickedUpOrder(s, { locked: true })).id}/unlock-code`, {}),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 204] },
  { route: 'POST /api/admin/orders/:id/close', given: 'an order picked up, closed as delivered with a reason',
    request: async (s) => post(`/api/admin/orders/${(await pickedUpOrder(s)).id}/close`, { outcome: 'delivered', reason: 'The customer has the food' }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'POST /api/admin/orders/:id/reassign', given: 'an order picked up, given to a free verified driver',
    request: async (s) => post(`/api/admin/orders/${(await pickedUpOrder(s)).id}/reassign`, { driverId: (await createUser(s.t, { role: 'driver', verifiedDriver: true })).userId }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'POST /api/admin/orders/:id/take-back', given: 'an order the driver accepted, taken back before pickup',
    request: async (s) => post(`/api/admin/orders/${await freshOrder(s, 'accepted')}/take-back`, {}),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/admin/operations', given: 'always',
    request: () => get('/api/admin/operations'),         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'POST /api/admin/orders/:id/payment-decision', given: 'a card order closed as customer not available, its payment kept',
    request: async (s) => post(`/api/admin/orders/${await unavailableCardOrder(s)}/payment-decision`, { decision: 'kept' }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/admin/reviews', given: 'always',
    request: () => get('/api/admin/reviews'),            statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'POST /api/admin/reviews/:orderId/hide', given: 'a fresh review',
    request: async (s) => post(`/api/admin/reviews/${await deliveredOrder(s, 'rated')}/hide`, {}),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'POST /api/admin/reviews/:orderId/show', given: 'a fresh hidden review',
    request: async (s) => post(`/api/admin/reviews/${await deliveredOrder(s, 'hidden')}/show`, {}),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  // The scene's drivers have no ID image on disk nor profile picture: the admin is refused before any analysis.
  { route: 'POST /api/admin/drivers/:id/verify-id', given: 'the unverified driver, without ID image or profile picture',
    request: (s) => post(`/api/admin/drivers/${s.users.unverifiedDriver.userId}/verify-id`, {}),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 422] },
  { route: 'GET /api/admin/heatmap', given: 'always',
    request: () => get('/api/admin/heatmap?period=30d'), statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/admin/verification/drivers', given: 'always',
    request: () => get('/api/admin/verification/drivers'),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/admin/jobs', given: 'always',
    request: () => get('/api/admin/jobs'),              statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/admin/ledger/check', given: 'always',
    request: () => get('/api/admin/ledger/check'),      statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/admin/ledger/balances', given: 'a search',
    request: () => get('/api/admin/ledger/balances?q=chop'),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  // Payouts: this app has no Paystack keys, so an admin's payout is refused (422) after the policy let them in.
  { route: 'GET /api/admin/payouts/due', given: 'a search',
    request: () => get('/api/admin/payouts/due?q=chop'), statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/admin/payouts/balance', given: 'payouts off',
    request: () => get('/api/admin/payouts/balance'),    statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 422] },
  { route: 'POST /api/admin/payouts', given: "the owner's restaurant, payouts off",
    request: (s) => post('/api/admin/payouts', { payee: 'restaurant', payeeId: s.restaurantId, currencySymbol: 'GH₵' }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 422] },
  { route: 'POST /api/admin/payouts/everyone', given: 'cedis, payouts off',
    request: () => post('/api/admin/payouts/everyone', { currencySymbol: 'GH₵' }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 422] },
  { route: 'GET /api/admin/payouts', given: 'the failed ones',
    request: () => get('/api/admin/payouts?status=failed'), statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'POST /api/admin/payouts/:id/otp', given: 'a payout nobody made',
    request: () => post(`/api/admin/payouts/${crypto.randomUUID()}/otp`, { otp: '123456' }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 404] },
  { route: 'POST /api/admin/payouts/:id/otp/resend', given: 'a payout nobody made',
    request: () => post(`/api/admin/payouts/${crypto.randomUUID()}/otp/resend`, {}),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 404] },
  { route: 'POST /api/admin/jobs/:queue/:id/retry', given: 'no such job',
    request: () => post(`/api/admin/jobs/email/${crypto.randomUUID()}/retry`, {}),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 404] },
  { route: 'GET /api/notifications/settings', given: 'always',
    request: () => get('/api/notifications/settings'), statuses: [401, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'PUT /api/notifications/settings', given: 'a customer’s message turned on',
    request: () => ({ method: 'PUT', url: '/api/notifications/settings', payload: { items: [{ kind: 'order-delivered', channel: 'sms', enabled: true }] } }),
                                                         statuses: [401, 200, 200, 400, 400, 400, 400, 400, 400, 400] },
  { route: 'GET /api/admin/users', given: 'always',
    request: () => get('/api/admin/users?q=test'),       statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'PATCH /api/admin/users/:id/role', given: 'a customer made a manager',
    request: async (s) => ({ method: 'PATCH', url: `/api/admin/users/${await freshUserId(s, 'customer')}/role`, payload: { role: 'manager' } }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'PATCH /api/admin/users/:id/disabled', given: 'a customer disabled',
    request: async (s) => ({ method: 'PATCH', url: `/api/admin/users/${await freshUserId(s, 'customer')}/disabled`, payload: { disabled: true } }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/admin/drivers', given: 'always',
    request: () => get('/api/admin/drivers?q=test'),     statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'PATCH /api/admin/drivers/:id/verified', given: 'an unverified driver verified',
    request: async (s) => ({ method: 'PATCH', url: `/api/admin/drivers/${await freshUserId(s, 'driver')}/verified`, payload: { verified: true } }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'GET /api/admin/drivers/:id/cash-hand-ins', given: 'the verified driver',
    request: (s) => get(`/api/admin/drivers/${s.users.driver.userId}/cash-hand-ins`),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 200] },
  { route: 'POST /api/admin/drivers/:id/cash-hand-ins', given: 'a driver holding GH₵25.00, GH₵10.00 handed in',
    request: async (s) => post(`/api/admin/drivers/${await riderHoldingCash(s)}/cash-hand-ins`, { amount: 1000, currencySymbol: 'GH₵', reference: 'RCPT-1', receivedBy: 'Osu office' }),
                                                         statuses: [401, 403, 403, 403, 403, 403, 403, 403, 403, 201] },

  // Push subscriptions are each caller's own device's: any signed-in caller keeps and removes theirs (last: no order follows to push).
  { route: 'GET /api/push/key', given: 'always',
    request: () => get('/api/push/key'),                 statuses: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  { route: 'POST /api/push/subscriptions', given: "a device's subscription on a push service",
    request: () => post('/api/push/subscriptions', pushDevice()),
                                                         statuses: [401, 204, 204, 204, 204, 204, 204, 204, 204, 204] },
  { route: 'DELETE /api/push/subscriptions', given: "the customer's device (only theirs is removed; for others nothing changes)",
    request: async (s) => ({ method: 'DELETE', url: '/api/push/subscriptions', payload: { endpoint: await customerDevice(s) } }),
                                                         statuses: [401, 204, 204, 204, 204, 204, 204, 204, 204, 204] },
];

/** Every METHOD and path the app serves, read from its route tree (HEAD is Fastify's own twin of GET). */
function routesOf(tree: string): Set<string> {
  const routes = new Set<string>();
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const [, indent = '', segment = '', methods = ''] = match;
    const depth = indent.length / 4;
    stack.length = depth;
    const path = `${stack[depth - 1] ?? ''}${segment}`;
    stack.push(path);
    const normalized = path.length > 1 ? path.replace(/\/$/, '') : path;
    for (const method of methods.split(', ')) if (method !== 'HEAD') routes.add(`${method} ${normalized}`);
  }
  return routes;
}

describe('authorization matrix: every route, every kind of caller', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: 'true' });

  async function scene(): Promise<Scene> {
    const kitchen = await openRestaurant(t);
    const rival = await openRestaurant(t);
    const [customer, otherCustomer, manager, otherManager, driver, unverifiedDriver, admin] = await Promise.all([
      createUser(t, { role: 'customer' }),
      createUser(t, { role: 'customer' }),
      createUser(t, { role: 'manager' }),
      createUser(t, { role: 'manager' }),
      createUser(t, { role: 'driver', verifiedDriver: true }),
      createUser(t, { role: 'driver' }),
      createUser(t, { role: 'admin' }),
    ]);
    await t.app.db.insert(restaurantMembers).values([
      { restaurantId: kitchen.restaurant.id, userId: manager.userId },
      { restaurantId: rival.restaurant.id, userId: otherManager.userId },
    ]);
    const order = await placeOrder(t, customer, kitchen);
    const form = multipart({}, { file: { data: await pngImage(), filename: 'licence.png', contentType: 'image/png' } });
    const licence = await t.app.inject({
      method: 'POST',
      url: '/api/storage/driver-licenses',
      payload: form.payload,
      headers: { ...form.headers, ...driver.authHeader },
    });
    return {
      t,
      users: {
        customer,
        otherCustomer,
        owner: kitchen.owner,
        otherOwner: rival.owner,
        manager,
        otherManager,
        driver,
        unverifiedDriver,
        admin,
      },
      restaurantId: kitchen.restaurant.id,
      dishId: kitchen.dish.id,
      orderId: order.id,
      driverLicense: licence.json().fileName,
      foodImageUrl: await restaurantImage(t, kitchen.owner, kitchen.restaurant.id),
    };
  }

  it('has a row for every route the app serves, and no row for a route it does not', () => {
    const served = [...routesOf(t.app.printRoutes({ commonPrefix: false }))].filter(
      (route) => !NOT_IN_TABLE.some(({ prefix }) => route.split(' ')[1]?.startsWith(prefix)),
    );
    const inTable = new Set(TABLE.map((row) => row.route));
    expect(
      served.filter((route) => !inTable.has(route)),
      'routes without a row',
    ).toEqual([]);
    expect(
      [...inTable].filter((route) => !served.includes(route)),
      'rows without a route',
    ).toEqual([]);
  });

  it('answers every caller of every route with the status its row says', async () => {
    const s = await scene();
    const wrong: string[] = [];
    for (const row of TABLE) {
      for (const [index, caller] of CALLERS.entries()) {
        const options = await row.request(s);
        const auth =
          caller === 'anonymous' ? {} : row.ownSession ? await secondSession(s.t, s.users[caller]) : s.users[caller].authHeader;
        const res = await t.app.inject({ ...options, headers: { ...options.headers, ...auth } });
        const expected = row.statuses[index];
        if (res.statusCode !== expected) {
          wrong.push(`${row.route} (${row.given}) as ${caller}: ${res.statusCode}, expected ${expected}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('lets each caller follow exactly the realtime topics the policy allows, and refuses malformed ones without failing', async () => {
    const s = await scene();
    // Anonymous callers have no row: a socket is closed before its first subscription without a valid token.
    // prettier-ignore
    const REALTIME: { topic: string; allowed: readonly (Exclude<Caller, 'anonymous'>)[] }[] = [
      { topic: topics.restaurant(s.restaurantId), allowed: ['owner', 'manager', 'admin'] },
      { topic: topics.restaurant(s.restaurantId).toUpperCase(), allowed: [] },
      { topic: topics.ordersReady(), allowed: ['driver', 'admin'] },
      { topic: topics.allOrders(), allowed: ['admin'] },
      { topic: topics.operations(), allowed: ['admin'] },
      { topic: topics.payouts(), allowed: ['admin'] },
      { topic: topics.driver(s.users.driver.userId), allowed: ['driver', 'admin'] },
      { topic: topics.order(s.orderId), allowed: ['customer', 'admin'] },
      { topic: 'order:zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', allowed: [] },
      { topic: `restaurant:${s.restaurantId}:x`, allowed: [] },
      { topic: 'restaurant:1 or 1=1', allowed: [] },
      { topic: 'kitchen:all', allowed: [] },
    ];
    const wrong: string[] = [];
    for (const { topic, allowed } of REALTIME) {
      for (const caller of CALLERS) {
        if (caller === 'anonymous') continue;
        const user: AuthUser = { userId: s.users[caller].userId, role: roleOf(caller) };
        const answer = await maySubscribe(t.app.db, user, topic);
        if (answer !== allowed.includes(caller)) wrong.push(`${topic} as ${caller}: ${answer}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

function roleOf(caller: Exclude<Caller, 'anonymous'>): AuthUser['role'] {
  switch (caller) {
    case 'customer':
    case 'otherCustomer':
      return 'customer';
    case 'owner':
    case 'otherOwner':
      return 'restaurant';
    case 'manager':
    case 'otherManager':
      return 'manager';
    case 'driver':
    case 'unverifiedDriver':
      return 'driver';
    case 'admin':
      return 'admin';
  }
}
