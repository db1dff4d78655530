import type { Page } from '@playwright/test';
import { topics } from '@shared/realtime/events.js';
import { RESTAURANT_MESSAGES } from '@shared/restaurants/schemas.js';
import { createAccount } from './support/accounts.js';
import { callApi } from './support/api.js';
import { signIn } from './support/authPage.js';
import { imageFiles } from './support/files.js';
import { watchRealtime } from './support/realtime.js';
import { snapshot } from './support/screenshots.js';
import { expect, test } from './support/test.js';

const RESTAURANT = 'Teshie Waakye Joint';
const DISH = 'Waakye Special';

/** How many answers the service worker keeps in one of its caches. */
const savedIn = (page: Page, cacheName: string) =>
  page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, cacheName);

/** The script of the service worker that controls the page, or null. */
const controllingWorker = (page: Page) => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);

test.describe('the installable, offline-aware app', () => {
  test.use({ serviceWorkers: 'allow' });
  let ownerToken: string;
  let restaurantId: string;
  let otherRestaurantId: string;
  let customer: Awaited<ReturnType<typeof createAccount>>;
  let orderId: string;
  /** The shared app's, for the helpers below. */
  let origin: string;

  const api = (pathname: string, token: string, init?: { method?: string; body?: unknown }) =>
    callApi(origin, pathname, token, init);

  const addDish = (name: string) =>
    api(`/api/restaurants/${restaurantId}/menu-items`, ownerToken, {
      method: 'POST',
      body: { name, price: '30.00', category: 'Main Course', isAvailable: true },
    });

  async function openRestaurant(name: string, ownerOptions: Parameters<typeof createAccount>[2]) {
    const owner = await createAccount(origin, 'restaurant', ownerOptions);
    const restaurant = await api('/api/restaurants', owner.session.accessToken, {
      method: 'POST',
      body: {
        name,
        description: 'Waakye, gari and shito',
        address: '3 Beach Road, Teshie, Accra',
        phone: '+233 30 222 4444',
        country: 'Ghana',
        currencySymbol: 'GH₵',
        location: { latitude: 5.5836, longitude: -0.1064 },
        imageUrl: null,
      },
    });
    return { token: owner.session.accessToken, id: String(restaurant.id) };
  }

  /** A restaurant with one dish and a customer with one order there; a second restaurant nobody opens online. */
  test.beforeAll(async ({ sharedOrigin: appOrigin }) => {
    origin = appOrigin;
    const { profilePicture } = await imageFiles();
    const main = await openRestaurant(RESTAURANT, { avatar: profilePicture });
    ownerToken = main.token;
    restaurantId = main.id;
    otherRestaurantId = (await openRestaurant('Nungua Kenkey House', { avatar: profilePicture })).id;
    const dish = await addDish(DISH);
    customer = await createAccount(origin, 'customer');
    orderId = crypto.randomUUID();
    await api('/api/orders', customer.session.accessToken, {
      method: 'POST',
      body: {
        orderId,
        restaurantId,
        items: [{ menuItemId: String(dish.id), quantity: 2 }],
        deliveryAddress: '14 Ring Road East, Osu, Accra',
        deliveryPhone: '+233 24 555 0102',
        paymentMethod: 'cash',
      },
    });
  });

  test('is installable: a manifest with its icons, served from this origin', async ({ page, origin }) => {
    await page.goto('/');
    const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestUrl).toBe('/manifest.webmanifest');
    const manifest = (await (await fetch(`${origin}${manifestUrl}`)).json()) as {
      name: string;
      display: string;
      start_url: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'ChopChop', display: 'standalone', start_url: '/' });
    expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose ?? 'any'}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const response = await fetch(`${origin}${icon.src}`);
      expect(response.headers.get('content-type')).toBe('image/png');
    }
  });

  test('offline, shows the saved menu and My Orders under "You are offline", says what it lacks, and refreshes when the connection returns', async ({
    phone: page,
    origin,
  }) => {
    const offlineNotice = page.getByRole('status').filter({ hasText: 'You are offline' });
    const menuPath = `/customer/restaurant/${restaurantId}`;

    await page.goto('/auth');
    await signIn(page, customer.email, customer.password);
    await expect(page).toHavePath('/customer');
    await expect.poll(() => controllingWorker(page), { timeout: 20_000 }).toBe(`${origin}/sw.js`);

    // Opened online once the worker is in control: the worker saves what the pages read.
    await page.goto(menuPath);
    await expect(page.getByText(DISH)).toBeVisible();
    await page.getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHavePath('/customer/orders');
    await expect(page.getByRole('heading', { name: RESTAURANT, level: 3 })).toBeVisible();
    // Both lists of My Orders: the active orders and the past ones.
    await expect.poll(() => savedIn(page, 'api-my-orders')).toBe(2);
    await expect(offlineNotice).toBeHidden();

    await page.context().setOffline(true);
    await expect(offlineNotice).toBeVisible();
    await expect(page.getByRole('heading', { name: RESTAURANT, level: 3 })).toBeVisible();

    // A restaurant never opened here: it says it failed instead of loading for ever.
    await page.goto(`/customer/restaurant/${otherRestaurantId}`);
    await expect(offlineNotice).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: RESTAURANT_MESSAGES.loadFailed })).toBeVisible();

    // A full load offline: the worker gives the app and the saved menu, not skeletons.
    await page.goto(menuPath);
    await expect(offlineNotice).toBeVisible();
    await expect(page.getByRole('heading', { name: RESTAURANT, level: 1 })).toBeVisible();
    await expect(page.getByText(DISH)).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading menu' })).toBeHidden();
    await snapshot(page, 'offline-menu-360');

    await addDish('Sobolo');
    await page.context().setOffline(false);
    await expect(offlineNotice).toBeHidden();
    await expect(page.getByText('Sobolo')).toBeVisible();
    // The page loaded offline without the session; it is back with the connection.

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect.poll(() => savedIn(page, 'api-my-orders')).toBe(0);
  });

  test('keeps a customer signed in through an offline reload: My Orders shows the saved order, then goes live with the connection', async ({
    phone: page,
    origin,
  }) => {
    const realtime = watchRealtime(page);
    const offlineNotice = page.getByRole('status').filter({ hasText: 'You are offline' });
    const card = page.getByRole('region', { name: 'Active orders' }).getByRole('article', { name: RESTAURANT });

    await page.goto('/auth');
    await signIn(page, customer.email, customer.password);
    await expect(page).toHavePath('/customer');
    await expect.poll(() => controllingWorker(page), { timeout: 20_000 }).toBe(`${origin}/sw.js`);
    await page.goto('/customer/orders');
    await expect(card.getByText('Status: Confirmed')).toBeVisible();
    await expect.poll(() => savedIn(page, 'api-my-orders')).toBe(2);

    // The reload forgets the access token and cannot ask the server for it: the page waits, signed in.
    await page.context().setOffline(true);
    await page.reload();
    await expect(offlineNotice).toBeVisible();
    await expect(card.getByText('Status: Confirmed')).toBeVisible();
    await expect(page).toHavePath('/customer/orders');
    await expect(page.getByRole('status', { name: 'Checking your session' })).toBeHidden();
    await snapshot(page, 'offline-my-orders-360');

    await page.context().setOffline(false);
    await expect(offlineNotice).toBeHidden();
    await realtime.subscribedTo(topics.order(orderId));
    await api(`/api/orders/${orderId}/status`, ownerToken, { method: 'PATCH', body: { status: 'preparing' } });
    await expect(card.getByText('Status: Preparing')).toBeVisible();
    await expect(page).toHavePath('/customer/orders');
  });
});
