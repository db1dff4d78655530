import { randomBytes, randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { orderViewSchema } from '@shared/orders/schemas.js';
import { orderDetailSchema } from '@shared/orders/views.js';
import { ownRestaurantSchema } from '@shared/restaurants/schemas.js';
import { ownMenuItemSchema } from '@shared/menu/schemas.js';
import { createAccount } from './support/accounts.js';
import { signIn } from './support/authPage.js';
import { expectHidden, expectPath, expectVisible } from './support/expect.js';
import { imageFiles } from './support/files.js';
import { PHONE, useE2E } from './support/harness.js';
import { expectPhoneReady } from './support/pageChecks.js';

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
  const admin = inject('admin');
  await page.goto('/auth');
  await signIn(page, admin.email, admin.password);
  await expectPath(page, '/admin');
}

/**
 * Support's journeys on the shared server (sign-up never makes an admin; globalSetup made one):
 * a restaurant set up and an order placed through the API as their owner and customer would,
 * then the admin closes and reopens the restaurant while a visitor looks, and finds the
 * customer's order by name and closes it as cancelled, with a reason the customer sees.
 */
describe('admin restaurants and orders journey', () => {
  const t = useE2E();
  const suffix = randomBytes(3).toString('hex');
  const restaurantName = `Kokrobite Grill ${suffix}`;
  let customer: Awaited<ReturnType<typeof createAccount>>;
  let orderId: string;

  beforeAll(async () => {
    const { profilePicture } = await imageFiles();
    const owner = await createAccount(t.origin, 'restaurant', { avatar: profilePicture });
    const ownerToken = owner.session.accessToken;
    const restaurant = await call(
      t.origin,
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
      t.origin,
      `/api/restaurants/${restaurant.id}/menu-items`,
      ownerToken,
      { name: 'Grilled Tilapia', price: '65.00', category: 'Main Course', isAvailable: true },
      (value) => ownMenuItemSchema.parse(value),
    );
    customer = await createAccount(t.origin, 'customer');
    const order = await call(
      t.origin,
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
  }, 60_000);

  it('takes a deactivated restaurant off discovery for visitors at once, and brings it back when activated', async () => {
    const admin = await t.newPage(DESK);
    await signInAsAdmin(admin);
    await admin.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Restaurants' }).click();
    await expectPath(admin, '/admin/restaurants');
    await expectVisible(admin.getByRole('heading', { name: 'Restaurant Management' }));

    // The server searches in any letter case.
    await admin.getByLabel('Search restaurants').fill(restaurantName.toUpperCase());
    const card = admin.getByRole('article', { name: restaurantName });
    await expectVisible(card);
    await expect.poll(() => admin.getByRole('article').count()).toBe(1);
    await expectVisible(card.getByText('Active', { exact: true }));
    await expectVisible(card.getByText('Owner:'));
    await expectPhoneReady(admin);

    const visitor = await t.newPage(PHONE);
    const searchDiscovery = async () => {
      await visitor.goto('/customer');
      await expectVisible(visitor.getByRole('heading', { name: 'Restaurants' }));
      await visitor.getByLabel('Search restaurants').fill(suffix);
    };
    await searchDiscovery();
    await expectVisible(visitor.getByRole('link', { name: restaurantName }));

    await card.getByRole('button', { name: `Deactivate ${restaurantName}` }).click();
    await expectVisible(admin.getByText('Restaurant deactivated'));
    await expectVisible(card.getByText('Inactive', { exact: true }));

    await searchDiscovery();
    // Whether other journeys left restaurants open or not, this one is not among them.
    await expectVisible(visitor.getByText(new RegExp(`No restaurants match “${suffix}”|No restaurants are open yet`)));
    await expectPhoneReady(visitor);
    await expectHidden(visitor.getByRole('link', { name: restaurantName }));

    await card.getByRole('button', { name: `Activate ${restaurantName}` }).click();
    await expectVisible(admin.getByText('Restaurant activated'));
    await expectVisible(card.getByText('Active', { exact: true }));

    await searchDiscovery();
    await expectVisible(visitor.getByRole('link', { name: restaurantName }));
  });

  it("finds an order by the customer's name and closes it as cancelled with a reason", async () => {
    const admin = await t.newPage(PHONE);
    await signInAsAdmin(admin);
    await admin.goto('/admin/orders');
    await expectVisible(admin.getByRole('heading', { name: 'Order Management' }));

    // Two letters are not sent yet: the page says why.
    await admin.getByLabel('Search orders').fill(customer.fullName.slice(0, 2));
    await expectVisible(admin.getByText('Type at least 3 characters to search'));
    await admin.getByLabel('Search orders').fill(customer.fullName.toLowerCase());
    const card = admin.getByRole('article', { name: `Order ${orderId.slice(0, 8)}` });
    await expectVisible(card);
    await expect.poll(() => admin.getByRole('article').count()).toBe(1);
    await expectVisible(card.getByText('Status: Confirmed'));
    await expectVisible(card.getByText(restaurantName));
    await expectVisible(card.getByText('Extra shito, please'));
    await expectVisible(card.getByText('GH₵130.00'));
    await expectVisible(card.getByText('GH₵13.00'));
    await expectVisible(card.getByText('GH₵117.00'));
    await expectPhoneReady(admin);

    // Support closes it as cancelled: the dialog asks for a reason first, and the customer sees it.
    const closeAction = `Close as Cancelled: order ${orderId.slice(0, 8)}`;
    await card.getByRole('button', { name: closeAction }).click();
    const dialog = admin.getByRole('dialog');
    await expectVisible(dialog.getByRole('heading', { name: closeAction }));
    await dialog.getByRole('button', { name: 'Close as Cancelled' }).click();
    await expectVisible(dialog.getByText('Please give a reason'));
    await dialog.getByLabel('Reason').fill('The kitchen ran out of tilapia');
    await expectPhoneReady(admin);
    await dialog.getByRole('button', { name: 'Close as Cancelled' }).click();
    await expectVisible(admin.getByText('Order closed as cancelled'));
    await expectVisible(card.getByText('Status: Cancelled'));
    await expectVisible(card.getByText('The kitchen ran out of tilapia'));
    await expectHidden(card.getByRole('button', { name: closeAction }));

    // The customer's own view agrees, with support's reason.
    const mine = await call(t.origin, `/api/orders/${orderId}`, customer.session.accessToken, undefined, (value) =>
      orderDetailSchema.parse(value),
    );
    expect(mine).toMatchObject({ status: 'cancelled', cancelReason: 'The kitchen ran out of tilapia' });

    // The status filter finds it among the cancelled orders.
    await admin.getByLabel('Status').click();
    await admin.getByRole('option', { name: 'Cancelled' }).click();
    await expectVisible(card);
    await admin.getByLabel('Status').click();
    await admin.getByRole('option', { name: 'Delivered' }).click();
    await expectVisible(admin.getByText('No orders found'));
  });
});
