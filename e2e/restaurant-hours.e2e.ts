import { randomUUID } from 'node:crypto';
import type { BrowserContextOptions } from '@playwright/test';
import {
  HOURS_MESSAGES,
  notTakingOrdersMessage,
  openingLabel,
  openingState,
  type OpeningState,
} from '@shared/restaurants/hours.js';
import { publicRestaurantSchema } from '@shared/restaurants/schemas.js';
import { createAccount } from './support/accounts.js';
import { accraRestaurantForm } from '../src/server/restaurants/testFixtures.js';
import { callApi } from './support/api.js';
import { imageFiles } from './support/files.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { snapshot } from './support/screenshots.js';
import { expect, test } from './support/test.js';
import { appears } from './support/toasts.js';

/** The phone the issue asks these journeys to work on. */
const PHONE_390: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

type Account = Awaited<ReturnType<typeof createAccount>>;

/** An owner with a restaurant in Accra (open all day, as the API sets one up without hours) and one dish. */
async function openKitchen(origin: string, name: string) {
  const owner = await createAccount(origin, 'restaurant', { avatar: (await imageFiles()).profilePicture });
  const token = owner.session.accessToken;
  const restaurant = await callApi(origin, '/api/restaurants', token, {
    method: 'POST',
    body: accraRestaurantForm({ name }),
  });
  const restaurantId = String(restaurant.id);
  const dish = await callApi(origin, `/api/restaurants/${restaurantId}/menu-items`, token, {
    method: 'POST',
    body: { name: 'Red Red', price: '30.00', category: 'Main Course', isAvailable: true },
  });
  return { owner, restaurantId, dishId: String(dish.id) };
}

/** A cash checkout through the API, as the browser would send it. */
async function checkout(origin: string, customer: Account, restaurantId: string, menuItemId: string) {
  return fetch(`${origin}/api/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${customer.session.accessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      orderId: randomUUID(),
      restaurantId,
      items: [{ menuItemId, quantity: 1 }],
      deliveryAddress: '4 Ring Road, Accra',
      deliveryPhone: '+233 24 555 0101',
      deliveryLatitude: 5.6037,
      deliveryLongitude: -0.187,
      paymentMethod: 'cash',
    }),
  });
}

async function publicState(origin: string, restaurantId: string): Promise<OpeningState> {
  const restaurant = publicRestaurantSchema.parse(await (await fetch(`${origin}/api/restaurants/${restaurantId}`)).json());
  return openingState(restaurant);
}

/** The restaurant's state once the public catalog shows it not taking orders: every instance drops its copy just after the change commits. */
async function notTakingOrders(origin: string, restaurantId: string): Promise<Exclude<OpeningState, { taking: true }>> {
  await expect.poll(async () => (await publicState(origin, restaurantId)).taking).toBe(false);
  const state = await publicState(origin, restaurantId);
  if (state.taking) throw new Error('expected the restaurant not to take orders');
  return state;
}

test.describe("a restaurant's hours and pauses", () => {
  test('the owner sets hours and closes today; customers see it closed, can browse, and cannot order', async ({
    origin,
    signedIn,
  }) => {
    const name = `Osu Chop Bar ${randomUUID().slice(0, 6)}`;
    const { owner, restaurantId, dishId } = await openKitchen(origin, name);
    const customer = await createAccount(origin, 'customer');

    const settings = await signedIn(owner, '/restaurant', PHONE_390);
    await settings.goto('/restaurant/edit');
    await expect(settings.getByRole('heading', { name: 'Restaurant Settings' })).toBeVisible({ timeout: 20_000 });
    await expect(settings.getByRole('combobox', { name: 'Time zone' })).toContainText('Accra');
    await settings.getByLabel('Opens on Monday').fill('10:00');
    await settings.getByLabel('Closes on Monday').fill('22:00');
    await settings.getByRole('button', { name: 'Copy Monday to every day' }).click();
    await expect(settings.getByLabel('Opens on Sunday')).toHaveValue('10:00');
    // Accra keeps UTC all year: its date now is the UTC date.
    const today = new Date().toISOString().slice(0, 10);
    await settings.getByLabel('Closed date').fill(today);
    await settings.getByRole('button', { name: 'Add closed date' }).click();
    await expectPhoneReady(settings);
    await snapshot(settings, 'hours-settings-390');
    const saved = appears(settings.getByText('Restaurant settings saved'));
    await settings.getByRole('button', { name: 'Save Changes' }).click();
    await saved;

    const closed = await notTakingOrders(origin, restaurantId);
    expect(closed.why).toBe('closed');
    const label = openingLabel(closed) ?? '';
    expect(label).toMatch(/^Closed · opens \w+ 10:00$/);

    const shopper = await signedIn(customer, '/customer', PHONE_390);
    const card = shopper.getByRole('article').filter({ hasText: name });
    await expect(card.getByText(label)).toBeVisible();
    await expectPhoneReady(shopper);
    await snapshot(shopper, 'hours-discovery-390');

    await card.getByRole('link', { name }).click();
    await expect(shopper.getByText(label).first()).toBeVisible();
    await shopper.getByRole('button', { name: /Add Red Red/ }).click();
    await shopper.goto('/customer/checkout');
    await expect(shopper.getByText(notTakingOrdersMessage(closed))).toBeVisible();
    await expect(shopper.getByRole('button', { name: /Place Order/ })).toBeDisabled();
    await expectPhoneReady(shopper);
    await snapshot(shopper, 'hours-checkout-390');

    const refused = await checkout(origin, customer, restaurantId, dishId);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(notTakingOrdersMessage(closed));
  });

  test('the owner pauses new orders from the board; a customer sees it at once without a reload, and can order again once resumed', async ({
    origin,
    signedIn,
  }) => {
    const name = `Labadi Grill ${randomUUID().slice(0, 6)}`;
    const { owner, restaurantId, dishId } = await openKitchen(origin, name);
    const customer = await createAccount(origin, 'customer');

    const shopper = await signedIn(customer, '/customer', PHONE_390);
    await shopper.goto(`/customer/restaurant/${restaurantId}`);
    await expect(shopper.getByRole('heading', { name, level: 1 })).toBeVisible();
    await expect(shopper.getByText(/Not taking orders/)).toHaveCount(0);

    const board = await signedIn(owner, '/restaurant', PHONE_390);
    await board.getByRole('button', { name: 'Pause new orders' }).click();
    await board.getByRole('button', { name: '30 minutes' }).click();
    await expect(board.getByRole('button', { name: 'Resume orders' })).toBeVisible();
    const paused = await notTakingOrders(origin, restaurantId);
    // Half an hour from now, in Accra: a time of day, with its weekday when that is past midnight.
    expect(paused).toMatchObject({ why: 'paused', until: expect.stringMatching(/^([A-Z][a-z]+day )?\d\d:\d\d$/) });
    await expect(board.getByText(openingLabel(paused) ?? '')).toBeVisible();
    await expectPhoneReady(board);
    await snapshot(board, 'pause-board-390');

    // The customer's open menu hears of the pause and shows it, without a reload.
    await expect(shopper.getByText(openingLabel(paused) ?? '').first()).toBeVisible();
    await snapshot(shopper, 'pause-menu-390');
    const refused = await checkout(origin, customer, restaurantId, dishId);
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      HOURS_MESSAGES.pausedNow(paused.why === 'paused' ? paused.until : null),
    );

    await board.getByRole('button', { name: 'Resume orders' }).click();
    await expect(board.getByRole('button', { name: 'Pause new orders' })).toBeVisible();
    await expect.poll(async () => (await publicState(origin, restaurantId)).taking).toBe(true);
    await expect(shopper.getByText(/Not taking orders/)).toHaveCount(0);
    expect((await checkout(origin, customer, restaurantId, dishId)).status).toBe(201);
  });
});
