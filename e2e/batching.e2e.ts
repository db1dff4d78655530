import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { BrowserContextOptions, Locator } from '@playwright/test';
import { DRIVER_MESSAGES, type DriverPosition } from '@shared/drivers/schemas.js';
import { shortOrderId } from '@shared/orders/schemas.js';
import { topics } from '@shared/realtime/events.js';
import { drivers, orders } from '../src/server/db/schema.js';
import { accraRestaurantForm } from '../src/server/restaurants/testFixtures.js';
import { createAccount, createDriver } from './support/accounts.js';
import { callApi } from './support/api.js';
import { imageFiles } from './support/files.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { watchRealtime } from './support/realtime.js';
import { snapshot } from './support/screenshots.js';
import { expect, onOwnServer } from './support/test.js';
import { appears } from './support/toasts.js';

const test = onOwnServer();

const PHONE_390: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** The restaurant accraRestaurantForm sets up is in Osu; the rider waits 300 m north of it. */
const RIDER_PLACE: DriverPosition = { latitude: 5.5587, longitude: -0.1826 };
/** The first order goes 2 km away, the second 500 m: the second is handed over first. */
const FAR_DOOR: DriverPosition = { latitude: 5.574, longitude: -0.1826 };
const NEAR_DOOR: DriverPosition = { latitude: 5.5597, longitude: -0.1794 };

test('a rider carries two orders from one kitchen, offered together, and hands each over with its own code', async ({
  server,
  signedIn,
}) => {
  test.setTimeout(150_000);
  const origin = server.origin;
  const owner = await createAccount(origin, 'restaurant', { avatar: (await imageFiles()).profilePicture });
  const ownerToken = owner.session.accessToken;
  const restaurant = await callApi(origin, '/api/restaurants', ownerToken, {
    method: 'POST',
    body: accraRestaurantForm({ name: `Osu Chop Bar ${randomUUID().slice(0, 6)}` }),
  });
  const restaurantName = String(restaurant.name);
  const dish = await callApi(origin, `/api/restaurants/${String(restaurant.id)}/menu-items`, ownerToken, {
    method: 'POST',
    body: { name: 'Red Red', price: '30.00', category: 'Main Course', isAvailable: true },
  });

  const rider = await createDriver(origin, { label: 'kofi' });
  const riderId = rider.session.user.id;
  await server.app.db.update(drivers).set({ isVerified: true }).where(eq(drivers.userId, riderId));
  await callApi(origin, '/api/drivers/me/location', rider.session.accessToken, { method: 'PUT', body: RIDER_PLACE });
  await callApi(origin, '/api/drivers/me/availability', rider.session.accessToken, {
    method: 'PATCH',
    body: { available: true },
  });
  const page = await signedIn(rider, '/driver', PHONE_390);
  const realtime = watchRealtime(page);
  await realtime.subscribedTo(topics.ordersReady());
  await realtime.subscribedTo(topics.driver(riderId));

  /** A customer's cash order to `door`: its id and the code only they hold. */
  async function orderTo(door: DriverPosition) {
    const customer = await createAccount(origin, 'customer');
    const placed = await fetch(`${origin}/api/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.session.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        orderId: randomUUID(),
        restaurantId: String(restaurant.id),
        items: [{ menuItemId: String(dish.id), quantity: 1 }],
        deliveryAddress: `${door.latitude}, Osu`,
        deliveryPhone: '+233 24 555 0101',
        deliveryLatitude: door.latitude,
        deliveryLongitude: door.longitude,
        paymentMethod: 'cash',
      }),
    });
    expect(placed.status).toBe(201);
    const body = (await placed.json()) as { id: string; deliveryCode: string };
    expect(body.deliveryCode).toMatch(/^\d{6}$/);
    return { id: body.id, shortId: shortOrderId(body.id), code: body.deliveryCode };
  }
  const far = await orderTo(FAR_DOOR);
  const near = await orderTo(NEAR_DOOR);

  /** The kitchen marks the order ready; the rider is offered it and accepts. */
  async function readyAndAccepted(order: { id: string; shortId: string }) {
    const offered = appears(page.getByText(DRIVER_MESSAGES.offer).first());
    for (const status of ['preparing', 'ready'] as const) {
      const moved = await callApi(origin, `/api/orders/${order.id}/status`, ownerToken, { method: 'PATCH', body: { status } });
      if (status === 'ready') expect(moved.dispatch).toMatchObject({ offered: true });
    }
    await offered;
    const offer = page.getByRole('article').filter({ hasText: DRIVER_MESSAGES.offer });
    await expect(offer.getByText(`Order ${order.shortId}`)).toBeVisible();
    const accepted = appears(page.getByText(DRIVER_MESSAGES.accepted).first());
    await offer.getByRole('button', { name: DRIVER_MESSAGES.offerAccept }).click();
    await accepted;
    await expect(offer).toBeHidden();
  }
  await readyAndAccepted(far);
  // The second order of the kitchen goes to the rider already on the way to it.
  await readyAndAccepted(near);

  // My Deliveries: both, the pick-up first, then the nearer door, then the farther.
  await expect(page.getByRole('tab', { name: 'My Deliveries (2)', selected: true })).toBeVisible();
  const panel = page.getByRole('tabpanel');
  const round = panel.getByRole('region', { name: 'Your round' });
  await expect(round.getByRole('listitem')).toHaveText([
    `1.Pick up #${far.shortId}, #${near.shortId} at ${restaurantName}`,
    new RegExp(`^2\\.Hand over #${near.shortId} to `),
    new RegExp(`^3\\.Hand over #${far.shortId} to `),
  ]);
  const card = (order: { shortId: string }): Locator => panel.getByRole('article', { name: `Order ${order.shortId}` });
  await expectPhoneReady(page);
  await snapshot(page, 'batching-round-390');

  // Each is picked up on its own card.
  for (const order of [far, near]) {
    const pickedUp = appears(page.getByText(DRIVER_MESSAGES.pickedUp).first());
    await card(order).getByRole('button', { name: 'Picked Up' }).click();
    await pickedUp;
    await expect(card(order).getByText('Status: Out for Delivery')).toBeVisible();
  }
  await expect(panel.getByRole('article')).toHaveCount(2);
  await expect(panel.getByRole('article').first()).toHaveAccessibleName(`Order ${near.shortId}`);

  // Each keeps its own code: the other customer's code does not hand this order over.
  await card(near).getByRole('button', { name: 'Complete Delivery' }).click();
  let dialog = page.getByRole('dialog', { name: 'Verify Delivery Code' });
  await dialog.getByRole('textbox', { name: 'Delivery code' }).fill(far.code === near.code ? '000000' : far.code);
  await dialog.getByRole('button', { name: 'Verify & Complete' }).click();
  await expect(page.getByText(DRIVER_MESSAGES.invalidCode)).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Delivery code' }).fill(near.code);
  const firstDone = appears(page.getByText(DRIVER_MESSAGES.completed).first());
  await dialog.getByRole('button', { name: 'Verify & Complete' }).click();
  await firstDone;
  await expect(page.getByRole('tab', { name: 'My Deliveries (1)' })).toBeVisible();

  await card(far).getByRole('button', { name: 'Complete Delivery' }).click();
  dialog = page.getByRole('dialog', { name: 'Verify Delivery Code' });
  await dialog.getByRole('textbox', { name: 'Delivery code' }).fill(far.code);
  await dialog.getByRole('button', { name: 'Verify & Complete' }).click();
  await expect(page.getByRole('tab', { name: 'My Deliveries (0)' })).toBeVisible();

  const stored = await server.app.db
    .select({ status: orders.status, driverId: orders.driverId })
    .from(orders)
    .where(inArray(orders.id, [far.id, near.id]));
  expect(stored).toEqual([
    { status: 'delivered', driverId: riderId },
    { status: 'delivered', driverId: riderId },
  ]);
});
