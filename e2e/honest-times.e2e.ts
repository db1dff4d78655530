import { randomUUID } from 'node:crypto';
import type { BrowserContextOptions } from '@playwright/test';
import { roadMeters } from '@shared/delivery/fees.js';
import { BUSY_MESSAGES } from '@shared/restaurants/busy.js';
import { deliveryTimeRange } from '@shared/restaurants/estimate.js';
import { RESTAURANT_FORM_MESSAGES } from '@shared/restaurants/form.js';
import { UNKNOWN_DELIVERY_TIME } from '@shared/restaurants/schemas.js';
import { accraRestaurantForm } from '../src/server/restaurants/testFixtures.js';
import { createAccount } from './support/accounts.js';
import { callApi } from './support/api.js';
import { imageFiles } from './support/files.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { snapshot } from './support/screenshots.js';
import { expect, test } from './support/test.js';
import { appears } from './support/toasts.js';

/** The phone the issue asks these journeys to work on. */
const PHONE_390: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** The customer's home in Accra, about 5 km from the fixture restaurant's pin in Osu. */
const HOME = { latitude: 5.6037, longitude: -0.187 };
const RESTAURANT_PIN = accraRestaurantForm().location;

test.describe('honest delivery times', () => {
  test('the owner sets a preparation time and marks the kitchen busy; a customer sees the time to their place, then when to expect the order', async ({
    origin,
    signedIn,
  }) => {
    const name = `Osu Times Kitchen ${randomUUID().slice(0, 6)}`;
    const owner = await createAccount(origin, 'restaurant', { avatar: (await imageFiles()).profilePicture });
    const token = owner.session.accessToken;
    const restaurantId = String(
      (await callApi(origin, '/api/restaurants', token, { method: 'POST', body: accraRestaurantForm({ name }) })).id,
    );
    await callApi(origin, `/api/restaurants/${restaurantId}/menu-items`, token, {
      method: 'POST',
      body: { name: 'Waakye', price: '30.00', category: 'Main Course' },
    });

    const board = await signedIn(owner, '/restaurant', PHONE_390);
    await board.goto('/restaurant/edit');
    await board.getByRole('textbox', { name: 'Usual preparation time (minutes)' }).fill('30');
    const saved = appears(board.getByText(RESTAURANT_FORM_MESSAGES.saveSuccess));
    await board.getByRole('button', { name: 'Save Changes' }).click();
    await saved;

    await board.goto('/restaurant');
    await board.getByRole('button', { name: 'Kitchen busy' }).click();
    const marked = appears(board.getByText(BUSY_MESSAGES.marked(20)));
    await board.getByRole('dialog', { name: 'Kitchen busy' }).getByRole('button', { name: '+20 minutes' }).click();
    await marked;
    await expect(board.getByText('Busy: +20 min')).toBeVisible();
    await expect(board.getByRole('button', { name: 'Back to normal' })).toBeVisible();
    await expectPhoneReady(board);
    await snapshot(board, 'times-board-busy-390');

    const customer = await createAccount(origin, 'customer');
    const shopper = await signedIn(customer, '/customer', { ...PHONE_390, permissions: ['geolocation'], geolocation: HOME });
    const link = shopper.getByRole('link', { name });
    const card = shopper.getByRole('article').filter({ has: link });
    await expect(card.getByText(UNKNOWN_DELIVERY_TIME)).toBeVisible();
    await shopper.getByRole('button', { name: 'Use my location' }).click();
    const estimate = deliveryTimeRange({
      prepMinutes: 30,
      busyMinutes: 20,
      meters: roadMeters(RESTAURANT_PIN, HOME, 130),
      averageSpeedKmh: 20,
    });
    expect(estimate).toBe('70-80 min');
    await expect(card.getByText(estimate)).toBeVisible();
    await expectPhoneReady(shopper);
    await snapshot(shopper, 'times-card-390');

    await link.click();
    const header = shopper.locator('header', { has: shopper.getByRole('heading', { name, level: 1 }) });
    await expect(header.getByText(estimate)).toBeVisible();
    await shopper.getByRole('button', { name: 'Add Waakye to cart' }).click();
    await shopper.getByRole('link', { name: /Checkout$/ }).click();
    await expect(shopper).toHavePath('/customer/checkout');
    await shopper.getByLabel('Delivery address').fill('7 Spintex Road, Accra');
    const placed = appears(shopper.getByText('Order placed!'));
    await shopper.getByRole('button', { name: 'Place Order' }).click();
    await placed;
    await expect(shopper).toHavePath('/customer/orders');
    const order = shopper.getByRole('region', { name: 'Active orders' }).getByRole('article', { name });
    await expect(order.getByText(/^Expected by \d{1,2}:\d\d/)).toBeVisible();
    await expectPhoneReady(shopper);
    await snapshot(shopper, 'times-my-orders-390');
  });
});
