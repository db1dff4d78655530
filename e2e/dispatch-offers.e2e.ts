import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { BrowserContextOptions, Page } from '@playwright/test';
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

/** Offers run out after 10 s here (the least DISPATCH_OFFER_SECONDS allows), so the journey need not wait 45 s. */
const OFFER_SECONDS = 10;
const test = onOwnServer({ env: { DISPATCH_OFFER_SECONDS: String(OFFER_SECONDS) } });

const PHONE_390: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** The restaurant accraRestaurantForm sets up is in Osu; the first rider waits 300 m north of it, the second 1.5 km. */
const NEAR: DriverPosition = { latitude: 5.5587, longitude: -0.1826 };
const FARTHER: DriverPosition = { latitude: 5.5695, longitude: -0.1826 };

test('a rider lets an offer run out and it goes to the next rider, who accepts it and finds it in My Deliveries', async ({
  server,
  signedIn,
}) => {
  test.setTimeout(120_000);
  const origin = server.origin;
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

  /** A verified rider, available at `place`, on their dashboard and following their topics. */
  async function riderOnline(label: string, place: DriverPosition): Promise<{ page: Page; id: string }> {
    const rider = await createDriver(origin, { label });
    const id = rider.session.user.id;
    await server.app.db.update(drivers).set({ isVerified: true }).where(eq(drivers.userId, id));
    await callApi(origin, '/api/drivers/me/location', rider.session.accessToken, { method: 'PUT', body: place });
    await callApi(origin, '/api/drivers/me/availability', rider.session.accessToken, {
      method: 'PATCH',
      body: { available: true },
    });
    const page = await signedIn(rider, '/driver', PHONE_390);
    const realtime = watchRealtime(page);
    await realtime.subscribedTo(topics.ordersReady());
    await realtime.subscribedTo(topics.driver(id));
    return { page, id };
  }
  const first = await riderOnline('kofi', NEAR);
  const second = await riderOnline('esi', FARTHER);

  const customer = await createAccount(origin, 'customer');
  const placed = await fetch(`${origin}/api/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.session.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      orderId: randomUUID(),
      restaurantId,
      items: [{ menuItemId: String(dish.id), quantity: 1 }],
      deliveryAddress: '4 Ring Road, Accra',
      deliveryPhone: '+233 24 555 0101',
      deliveryLatitude: 5.5597,
      deliveryLongitude: -0.1794,
      paymentMethod: 'cash',
    }),
  });
  expect(placed.status).toBe(201);
  const orderId = String(((await placed.json()) as { id: string }).id);
  const shortId = shortOrderId(orderId);

  const firstOffered = appears(first.page.getByText(DRIVER_MESSAGES.offer).first());
  for (const status of ['preparing', 'ready'] as const) {
    const moved = await callApi(origin, `/api/orders/${orderId}/status`, ownerToken, { method: 'PATCH', body: { status } });
    if (status === 'ready') expect(moved.dispatch).toMatchObject({ offered: true, seconds: OFFER_SECONDS });
  }

  // The nearest rider is offered it, with the time left; the other does not even see it meanwhile.
  await firstOffered;
  const firstOffer = first.page.getByRole('article').filter({ hasText: DRIVER_MESSAGES.offer });
  await expect(firstOffer.getByText(`Order ${shortId}`)).toBeVisible();
  await expect(firstOffer.getByRole('progressbar', { name: 'Time left to accept' })).toBeVisible();
  await expect(firstOffer.getByText(/^\d+ s left to accept$/)).toBeVisible();
  await expectPhoneReady(first.page);
  await snapshot(first.page, 'offer-390');
  await expect(second.page.getByRole('tab', { name: 'Available Orders (0)' })).toBeVisible();
  await expect(second.page.getByRole('button', { name: DRIVER_MESSAGES.offerAccept })).toBeHidden();

  // The first rider lets it run out: it leaves their screen and goes to the second.
  const secondOffered = appears(second.page.getByText(DRIVER_MESSAGES.offer).first(), (OFFER_SECONDS + 15) * 1000);
  await secondOffered;
  await expect(firstOffer).toBeHidden();
  const secondOffer = second.page.getByRole('article').filter({ hasText: DRIVER_MESSAGES.offer });
  await expect(secondOffer.getByText(`Order ${shortId}`)).toBeVisible();
  const accepted = appears(second.page.getByText(DRIVER_MESSAGES.accepted));
  await secondOffer.getByRole('button', { name: DRIVER_MESSAGES.offerAccept }).click();
  await accepted;
  const deliveries = second.page.getByRole('tab', { name: 'My Deliveries (1)' });
  await expect(deliveries).toHaveAttribute('aria-selected', 'true');
  await expect(second.page.getByRole('tabpanel').getByText(`Order ${shortId}`)).toBeVisible();

  // The kitchen's order is on its way now; the first rider never got it.
  const [order] = await server.app.db
    .select({ status: orders.status, driverId: orders.driverId })
    .from(orders)
    .where(eq(orders.id, orderId));
  expect(order).toEqual({ status: 'accepted', driverId: second.id });
  await expect(first.page.getByRole('tab', { name: 'My Deliveries (0)' })).toBeVisible();
  await snapshot(second.page, 'offer-accepted-390');
});
