import { randomUUID } from 'node:crypto';
import type { BrowserContextOptions } from '@playwright/test';
import { REORDER_MESSAGES } from '@shared/orders/reorder.js';
import { SAVED_PLACE_MESSAGES } from '@shared/places/schemas.js';
import { accraRestaurantForm } from '../src/server/restaurants/testFixtures.js';
import { createAccount } from './support/accounts.js';
import { callApi } from './support/api.js';
import { imageFiles } from './support/files.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { snapshot } from './support/screenshots.js';
import { expect, test } from './support/test.js';
import { appears } from './support/toasts.js';

/** The phone the issue asks these journeys to work on, at the customer's home in Accra. */
const PHONE_390: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
  permissions: ['geolocation'],
  geolocation: { latitude: 5.6037, longitude: -0.187 },
};
const LANDMARK = 'Opposite the Total filling station, blue gate';

test.describe('saved places and order again', () => {
  test('a customer saves Home at checkout with a landmark and GPS code, is offered it next time, and orders a past order again', async ({
    origin,
    signedIn,
  }) => {
    const name = `Osu Places Kitchen ${randomUUID().slice(0, 6)}`;
    const owner = await createAccount(origin, 'restaurant', { avatar: (await imageFiles()).profilePicture });
    const token = owner.session.accessToken;
    const restaurantId = String(
      (await callApi(origin, '/api/restaurants', token, { method: 'POST', body: accraRestaurantForm({ name }) })).id,
    );
    const dish = async (body: object) =>
      String((await callApi(origin, `/api/restaurants/${restaurantId}/menu-items`, token, { method: 'POST', body })).id);
    await dish({ name: 'Waakye', price: '30.00', category: 'Main Course' });
    const kelewele = await dish({ name: 'Kelewele', price: '15.00', category: 'Sides' });

    const customer = await createAccount(origin, 'customer');
    const shopper = await signedIn(customer, '/customer', PHONE_390);
    await shopper.goto(`/customer/restaurant/${restaurantId}`);
    await shopper.getByRole('button', { name: 'Add Waakye to cart' }).click();
    await shopper.getByRole('button', { name: 'Add Kelewele to cart' }).click();
    await shopper.getByRole('link', { name: /Checkout$/ }).click();
    await expect(shopper).toHavePath('/customer/checkout');

    await shopper.getByLabel('Delivery address').fill('12 Oxford Street, Osu');
    await shopper.getByLabel('Landmark').fill(LANDMARK);
    await shopper.getByLabel('GhanaPost GPS code').fill('ga 183 8164');
    await shopper.getByRole('button', { name: 'Use my location' }).click();
    await shopper.getByRole('checkbox', { name: 'Save this place' }).check();
    await shopper.getByLabel('Label').fill('Home');
    await expectPhoneReady(shopper);
    await snapshot(shopper, 'places-checkout-390');
    const placed = appears(shopper.getByText('Order placed!'));
    const saved = appears(shopper.getByText(SAVED_PLACE_MESSAGES.saved('Home')));
    await shopper.getByRole('button', { name: 'Place Order' }).click();
    await placed;
    await saved;
    await expect(shopper).toHavePath('/customer/orders');
    const card = shopper.getByRole('region', { name: 'Active orders' }).getByRole('article', { name });
    await expect(card.getByText(LANDMARK)).toBeVisible();
    await expect(card.getByText('GA-183-8164')).toBeVisible();

    // The kitchen cancels the order, and Kelewele leaves the menu.
    const mine = (await callApi(origin, '/api/orders/mine?tab=active', customer.session.accessToken)) as {
      items: { id: string }[];
    };
    await callApi(origin, `/api/orders/${mine.items[0]!.id}/status`, token, { method: 'PATCH', body: { status: 'cancelled' } });
    await fetch(`${origin}/api/restaurants/${restaurantId}/menu-items/${kelewele}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });

    await shopper.goto(`/customer/restaurant/${restaurantId}`);
    await shopper.getByRole('button', { name: 'Add Waakye to cart' }).click();
    await shopper.getByRole('link', { name: /Checkout$/ }).click();
    const home = shopper.getByRole('radiogroup', { name: 'Your places' }).getByRole('radio', { name: /Home/ });
    await home.click();
    await expect(shopper.getByLabel('Delivery address')).toHaveValue('12 Oxford Street, Osu');
    await expect(shopper.getByLabel('Landmark')).toHaveValue(LANDMARK);
    await expect(shopper.getByLabel('GhanaPost GPS code')).toHaveValue('GA-183-8164');
    await expectPhoneReady(shopper);
    await snapshot(shopper, 'places-offered-390');

    await shopper.goto('/customer/orders');
    const past = shopper.getByRole('region', { name: 'Past orders' });
    await past.getByRole('button', { name: `${REORDER_MESSAGES.action} from ${name}` }).click();
    await shopper
      .getByRole('alertdialog', { name: REORDER_MESSAGES.replaceTitle })
      .getByRole('button', { name: 'Replace cart' })
      .click();
    await expect(shopper).toHavePath('/customer/checkout');
    await expect(shopper.getByRole('status').filter({ hasText: REORDER_MESSAGES.missing(['Kelewele']) })).toBeVisible();
    const summary = shopper.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText('Waakye', { exact: true })).toBeVisible();
    await expect(summary.getByText(/Kelewele/)).toHaveCount(0);
    await expectPhoneReady(shopper);
    await snapshot(shopper, 'places-order-again-390');
  });
});
