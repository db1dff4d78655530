import { inArray } from 'drizzle-orm';
import type { Locator } from '@playwright/test';
import { DRIVER_MESSAGES, type DriverPosition } from '@shared/drivers/schemas.js';
import { orders } from '../src/server/db/schema.js';
import { callApi } from './support/api.js';
import { cashOrderTo, kitchenWithDish, riderOnline } from './support/dispatchScene.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { snapshot } from './support/screenshots.js';
import { expect, onOwnServer } from './support/test.js';
import { appears } from './support/toasts.js';

const own = onOwnServer();
const test = own.test;

/** The restaurant accraRestaurantForm sets up is in Osu; the rider waits 300 m north of it. */
const RIDER_PLACE: DriverPosition = { latitude: 5.5587, longitude: -0.1826 };
/** The first order goes 2 km away, the second 500 m: the second is handed over first. */
const FAR_DOOR: DriverPosition = { latitude: 5.574, longitude: -0.1826 };
const NEAR_DOOR: DriverPosition = { latitude: 5.5597, longitude: -0.1794 };

test('a rider carries two orders from one kitchen, offered together, and hands each over with its own code', async ({
  signedIn,
}) => {
  test.setTimeout(150_000);
  const server = await own.server();
  const origin = server.origin;
  const kitchen = await kitchenWithDish(origin);
  const { ownerToken, restaurantName } = kitchen;
  const { page, id: riderId } = await riderOnline(server, signedIn, 'kofi', RIDER_PLACE);
  const orderTo = async (door: DriverPosition) => {
    const order = await cashOrderTo(origin, kitchen, door);
    expect(order.code).toMatch(/^\d{6}$/);
    return order;
  };
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
