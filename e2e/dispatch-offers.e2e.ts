import { eq } from 'drizzle-orm';
import { DRIVER_MESSAGES, type DriverPosition } from '@shared/drivers/schemas.js';
import { orders } from '../src/server/db/schema.js';
import { callApi } from './support/api.js';
import { cashOrderTo, kitchenWithDish, riderOnline } from './support/dispatchScene.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { snapshot } from './support/screenshots.js';
import { expect, onOwnServer } from './support/test.js';
import { appears } from './support/toasts.js';

/** Offers run out after 10 s here (the least DISPATCH_OFFER_SECONDS allows), so the journey need not wait 45 s. */
const OFFER_SECONDS = 10;
const own = onOwnServer({ env: { DISPATCH_OFFER_SECONDS: String(OFFER_SECONDS) } });
const test = own.test;

/** The restaurant accraRestaurantForm sets up is in Osu; the first rider waits 300 m north of it, the second 1.5 km. */
const NEAR: DriverPosition = { latitude: 5.5587, longitude: -0.1826 };
const FARTHER: DriverPosition = { latitude: 5.5695, longitude: -0.1826 };

test('a rider lets an offer run out and it goes to the next rider, who accepts it and finds it in My Deliveries', async ({
  signedIn,
}) => {
  test.setTimeout(120_000);
  const server = await own.server();
  const origin = server.origin;
  const kitchen = await kitchenWithDish(origin);
  const first = await riderOnline(server, signedIn, 'kofi', NEAR);
  const second = await riderOnline(server, signedIn, 'esi', FARTHER);
  const { id: orderId, shortId } = await cashOrderTo(origin, kitchen, { latitude: 5.5597, longitude: -0.1794 });
  const ownerToken = kitchen.ownerToken;

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
