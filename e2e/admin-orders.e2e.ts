import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { orderViewSchema } from '@shared/orders/schemas.js';
import { orderDetailSchema } from '@shared/orders/views.js';
import { ownRestaurantSchema } from '@shared/restaurants/schemas.js';
import { ownMenuItemSchema } from '@shared/menu/schemas.js';
import { createAccount } from './support/accounts.js';
import { signIn } from './support/authPage.js';
import { imageFiles } from './support/files.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { expect, PHONE, test } from './support/test.js';
import { ADMIN } from './support/server.js';

const DESK = { viewport: { width: 1280, height: 900 } };

/** A JSON call to the app under test as `accessToken`, parsed with the reply's schema. */
async function call<T>(
  origin: string,
  path: string,
  accessToken: string,
  body: object | undefined,
  parse: (value: unknown) => T,
): Promise<T> {
  const response = await fetch(`${origin}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${accessToken}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const payload: unknown = await response.json();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(payload)}`);
  return parse(payload);
}

async function signInAsAdmin(page: Page) {
  const admin = ADMIN;
  await page.goto('/auth');
  await signIn(page, admin.email, admin.password);
  await expect(page).toHavePath('/admin');
}

/**
 * Support's journeys on the shared server (sign-up never makes an admin; globalSetup made one):
 * a restaurant set up and an order placed through the API as their owner and customer would,
 * then the admin closes and reopens the restaurant while a visitor looks, and finds the
 * customer's order by name and closes it as cancelled, with a reason the customer sees.
 */
test.describe('admin restaurants and orders journey', () => {
  const suffix = randomBytes(3).toString('hex');
  const restaurantName = `Kokrobite Grill ${suffix}`;
  let customer: Awaited<ReturnType<typeof createAccount>>;
  let orderId: string;

  test.beforeAll(async ({ sharedOrigin: origin }) => {
    const { profilePicture } = await imageFiles();
    const owner = await createAccount(origin, 'restaurant', { avatar: profilePicture });
    const ownerToken = owner.session.accessToken;
    const restaurant = await call(
      origin,
      '/api/restaurants',
      ownerToken,
      {
        name: restaurantName,
        description: 'Grilled tilapia and banku by the beach',
        address: 'Beach Road, Kokrobite',
        phone: '+233 30 123 4567',
        country: 'Ghana',
        currencySymbol: 'GH₵',
        location: { latitude: 5.4967, longitude: -0.3587 },
        imageUrl: null,
      },
      (value) => ownRestaurantSchema.parse(value),
    );
    const dish = await call(
      origin,
      `/api/restaurants/${restaurant.id}/menu-items`,
      ownerToken,
      { name: 'Grilled Tilapia', price: '65.00', category: 'Main Course', isAvailable: true },
      (value) => ownMenuItemSchema.parse(value),
    );
    customer = await createAccount(origin, 'customer');
    const order = await call(
      origin,
      '/api/orders',
      customer.session.accessToken,
      {
        orderId: randomUUID(),
        restaurantId: restaurant.id,
        items: [{ menuItemId: dish.id, quantity: 2 }],
        deliveryAddress: '3 Fishermen Lane, Kokrobite',
        deliveryPhone: '+233 24 555 0199',
        notes: 'Extra shito, please',
        paymentMethod: 'cash',
      },
      (value) => orderViewSchema.parse(value),
    );
    orderId = order.id;
  });

  test('takes a deactivated restaurant off discovery for visitors at once, and brings it back when activated', async ({
    newPage,
  }) => {
    const admin = await newPage(DESK);
    await signInAsAdmin(admin);
    await admin.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Restaurants' }).click();
    await expect(admin).toHavePath('/admin/restaurants');
    await expect(admin.getByRole('heading', { name: 'Restaurant Management' })).toBeVisible();

    // The server searches in any letter case.
    await admin.getByLabel('Search restaurants').fill(restaurantName.toUpperCase());
    const card = admin.getByRole('article', { name: restaurantName });
    await expect(card).toBeVisible();
    await expect.poll(() => admin.getByRole('article').count()).toBe(1);
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByText('Owner:')).toBeVisible();
    await expectPhoneReady(admin);

    const visitor = await newPage(PHONE);
    const searchDiscovery = async () => {
      await visitor.goto('/customer');
      await expect(visitor.getByRole('heading', { name: 'Restaurants' })).toBeVisible();
      await visitor.getByLabel('Search restaurants').fill(suffix);
    };
    await searchDiscovery();
    await expect(visitor.getByRole('link', { name: restaurantName })).toBeVisible();

    await card.getByRole('button', { name: `Deactivate ${restaurantName}` }).click();
    await expect(admin.getByText('Restaurant deactivated')).toBeVisible();
    await expect(card.getByText('Inactive', { exact: true })).toBeVisible();

    await searchDiscovery();
    // Whether other journeys left restaurants open or not, this one is not among them.
    await expect(visitor.getByText(new RegExp(`No restaurants match “${suffix}”|No restaurants are open yet`))).toBeVisible();
    await expectPhoneReady(visitor);
    await expect(visitor.getByRole('link', { name: restaurantName })).toBeHidden();

    await card.getByRole('button', { name: `Activate ${restaurantName}` }).click();
    await expect(admin.getByText('Restaurant activated')).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();

    await searchDiscovery();
    await expect(visitor.getByRole('link', { name: restaurantName })).toBeVisible();
  });

  test("finds an order by the customer's name and closes it as cancelled with a reason", async ({ newPage, origin }) => {
    const admin = await newPage(PHONE);
    await signInAsAdmin(admin);
    await admin.goto('/admin/orders');
    await expect(admin.getByRole('heading', { name: 'Order Management' })).toBeVisible();

    // Two letters are not sent yet: the page says why.
    await admin.getByLabel('Search orders').fill(customer.fullName.slice(0, 2));
    await expect(admin.getByText('Type at least 3 characters to search')).toBeVisible();
    await admin.getByLabel('Search orders').fill(customer.fullName.toLowerCase());
    const card = admin.getByRole('article', { name: `Order ${orderId.slice(0, 8)}` });
    await expect(card).toBeVisible();
    await expect.poll(() => admin.getByRole('article').count()).toBe(1);
    await expect(card.getByText('Status: Confirmed')).toBeVisible();
    await expect(card.getByText(restaurantName)).toBeVisible();
    await expect(card.getByText('Extra shito, please')).toBeVisible();
    await expect(card.getByText('GH₵130.00')).toBeVisible();
    await expect(card.getByText('GH₵13.00')).toBeVisible();
    await expect(card.getByText('GH₵117.00')).toBeVisible();
    await expectPhoneReady(admin);

    // Support closes it as cancelled: the dialog asks for a reason first, and the customer sees it.
    const closeAction = `Close as Cancelled: order ${orderId.slice(0, 8)}`;
    await card.getByRole('button', { name: closeAction }).click();
    const dialog = admin.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: closeAction })).toBeVisible();
    await dialog.getByRole('button', { name: 'Close as Cancelled' }).click();
    await expect(dialog.getByText('Please give a reason')).toBeVisible();
    await dialog.getByLabel('Reason').fill('The kitchen ran out of tilapia');
    await expectPhoneReady(admin);
    await dialog.getByRole('button', { name: 'Close as Cancelled' }).click();
    await expect(admin.getByText('Order closed as cancelled')).toBeVisible();
    await expect(card.getByText('Status: Cancelled')).toBeVisible();
    await expect(card.getByText('The kitchen ran out of tilapia')).toBeVisible();
    await expect(card.getByRole('button', { name: closeAction })).toBeHidden();

    // The customer's own view agrees, with support's reason.
    const mine = await call(origin, `/api/orders/${orderId}`, customer.session.accessToken, undefined, (value) =>
      orderDetailSchema.parse(value),
    );
    expect(mine).toMatchObject({ status: 'cancelled', cancelReason: 'The kitchen ran out of tilapia' });

    // The status filter finds it among the cancelled orders.
    await admin.getByLabel('Status').click();
    await admin.getByRole('option', { name: 'Cancelled' }).click();
    await expect(card).toBeVisible();
    await admin.getByLabel('Status').click();
    await admin.getByRole('option', { name: 'Delivered' }).click();
    await expect(admin.getByText('No orders found')).toBeVisible();
  });
});
