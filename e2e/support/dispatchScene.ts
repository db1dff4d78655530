import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { BrowserContextOptions, Page } from '@playwright/test';
import type { DriverPosition } from '@shared/drivers/schemas.js';
import { shortOrderId } from '@shared/orders/schemas.js';
import { topics } from '@shared/realtime/events.js';
import { drivers } from '../../src/server/db/schema.js';
import { accraRestaurantForm } from '../../src/server/restaurants/testFixtures.js';
import { createAccount, createDriver } from './accounts.js';
import { callApi } from './api.js';
import { imageFiles } from './files.js';
import { watchRealtime } from './realtime.js';
import type { E2EServer } from './server.js';
import { expect, type SignedIn } from './test.js';

/** What the dispatch journeys set up through the API: a kitchen with one dish, riders online, cash orders. */

const PHONE_390: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** An owner with a restaurant in Osu (accraRestaurantForm) and one dish, 'Red Red' at GH₵30.00. */
export async function kitchenWithDish(origin: string) {
  const owner = await createAccount(origin, 'restaurant', { avatar: (await imageFiles()).profilePicture });
  const ownerToken = owner.session.accessToken;
  const restaurant = await callApi(origin, '/api/restaurants', ownerToken, {
    method: 'POST',
    body: accraRestaurantForm({ name: `Osu Chop Bar ${randomUUID().slice(0, 6)}` }),
  });
  const restaurantId = String(restaurant.id);
  const dish = await callApi(origin, `/api/restaurants/${restaurantId}/menu-items`, ownerToken, {
    method: 'POST',
    body: { name: 'Red Red', price: '30.00', category: 'Main Course', isAvailable: true },
  });
  return { ownerToken, restaurantId, restaurantName: String(restaurant.name), dishId: String(dish.id) };
}

/** A verified rider, available at `place`, on their dashboard at 390 px and following their topics. */
export async function riderOnline(server: E2EServer, signedIn: SignedIn, label: string, place: DriverPosition) {
  const rider = await createDriver(server.origin, { label });
  const id = rider.session.user.id;
  await server.app.db.update(drivers).set({ isVerified: true }).where(eq(drivers.userId, id));
  await callApi(server.origin, '/api/drivers/me/location', rider.session.accessToken, { method: 'PUT', body: place });
  await callApi(server.origin, '/api/drivers/me/availability', rider.session.accessToken, {
    method: 'PATCH',
    body: { available: true },
  });
  const page: Page = await signedIn(rider, '/driver', PHONE_390);
  const realtime = watchRealtime(page);
  await realtime.subscribedTo(topics.ordersReady());
  await realtime.subscribedTo(topics.driver(id));
  return { page, id };
}

/** A new customer's cash order of the dish to `door`: its id, short id and the code only they hold. */
export async function cashOrderTo(origin: string, kitchen: { restaurantId: string; dishId: string }, door: DriverPosition) {
  const customer = await createAccount(origin, 'customer');
  const placed = await fetch(`${origin}/api/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.session.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      orderId: randomUUID(),
      restaurantId: kitchen.restaurantId,
      items: [{ menuItemId: kitchen.dishId, quantity: 1 }],
      deliveryAddress: `${door.latitude}, Osu`,
      deliveryPhone: '+233 24 555 0101',
      deliveryLatitude: door.latitude,
      deliveryLongitude: door.longitude,
      paymentMethod: 'cash',
    }),
  });
  expect(placed.status).toBe(201);
  const body = (await placed.json()) as { id: string; deliveryCode: string };
  return { id: body.id, shortId: shortOrderId(body.id), code: body.deliveryCode };
}
