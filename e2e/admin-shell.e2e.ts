import { sessionSchema } from '@shared/auth/schemas.js';
import { createAccount } from './support/accounts.js';
import { callApi } from './support/api.js';
import { signIn } from './support/authPage.js';
import { imageFiles } from './support/files.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { snapshot } from './support/screenshots.js';
import { ADMIN } from './support/server.js';
import { expect, onOwnServer } from './support/test.js';

/** Changes the commission rate, which every order on the server gets: a server of its own, so no other journey sees the change. */
const own = onOwnServer({ admin: true });
const test = own.test;

const DESKTOP = { viewport: { width: 1280, height: 900 } };

test.describe('the admin area: its frame, the overview and the commission setting', () => {
  const admin = ADMIN;
  let adminToken: string;
  let restaurantId: string;
  let dishId: string;
  let customer: Awaited<ReturnType<typeof createAccount>>;
  let origin: string;

  const api = (pathname: string, token: string, init?: { method?: string; body?: unknown }) =>
    callApi(origin, pathname, token, init);

  /** A cash order of 3 × 25.00 by the customer, placed through the API as their browser would, and what the server stored. */
  async function placeOrder() {
    const order = await api('/api/orders', customer.session.accessToken, {
      method: 'POST',
      body: {
        orderId: crypto.randomUUID(),
        restaurantId,
        items: [{ menuItemId: dishId, quantity: 3 }],
        deliveryAddress: '14 Ring Road East, Osu, Accra',
        deliveryPhone: '+233 24 555 0102',
        paymentMethod: 'cash',
      },
    });
    return api(`/api/orders/${String(order.id)}`, adminToken);
  }

  /** A restaurant with one dish, set up by its owner through the API, and a customer who orders there. */
  test.beforeAll(async () => {
    const server = await own.server();
    origin = server.origin;
    const signedIn = await fetch(`${origin}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(admin),
    });
    adminToken = sessionSchema.parse(await signedIn.json()).accessToken;
    await api('/api/admin/commission', adminToken, { method: 'PUT', body: { percent: 10 } });

    const { profilePicture } = await imageFiles();
    const owner = await createAccount(origin, 'restaurant', { avatar: profilePicture });
    const restaurant = await api('/api/restaurants', owner.session.accessToken, {
      method: 'POST',
      body: {
        name: 'Labone Chop Bar',
        description: 'Banku and tilapia',
        address: '5 Labone Crescent, Accra',
        phone: '+233 30 222 3333',
        country: 'Ghana',
        currencySymbol: 'GH₵',
        location: { latitude: 5.5636, longitude: -0.1724 },
        imageUrl: null,
      },
    });
    restaurantId = String(restaurant.id);
    const dish = await api(`/api/restaurants/${restaurantId}/menu-items`, owner.session.accessToken, {
      method: 'POST',
      body: { name: 'Banku with Tilapia', price: '25.00', category: 'Main Course', isAvailable: true },
    });
    dishId = String(dish.id);
    customer = await createAccount(origin, 'customer');
  });

  test('keeps the sidebar collapsed across a reload, and gives orders placed after a change the new rate only', async ({
    newPage,
  }) => {
    const before = await placeOrder();
    expect(before).toMatchObject({ totalAmount: 7500, commissionAmount: 750 });

    const page = await newPage(DESKTOP);
    await page.goto('/admin/settings');
    await expect(page).toHavePath('/auth');
    await signIn(page, admin.email, admin.password);
    await expect(page).toHavePath('/admin/settings');
    await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Overview' }).click();
    await expect(page).toHavePath('/admin');
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    const card = (label: string) => page.getByLabel('Platform totals').locator(`dt:has-text("${label}") + dd`);
    await expect.poll(() => card('Total Revenue').textContent()).toMatch(/^GH₵\d/);
    expect(Number((await card('Total Orders').textContent())?.replace(/,/g, ''))).toBeGreaterThanOrEqual(1);
    await expect(page.getByText('Admin Dashboard')).toBeVisible();
    await snapshot(page, 'overview-1280');

    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Control+b');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => page.locator('[data-collapsible="icon"]').count()).toBe(1);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    expect(await page.getByRole('button', { name: 'Toggle sidebar' }).getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('[data-collapsible="icon"]').count()).toBe(1);
    await snapshot(page, 'overview-1280-collapsed');
    // Collapsed to icons, the sections keep their names.
    await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHavePath('/admin/settings');
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect.poll(() => page.locator('[data-collapsible="icon"]').count()).toBe(0);

    await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
    await expect(page.getByText('Commission Rate Settings')).toBeVisible();
    const percent = page.getByLabel('Commission Percentage (%)');
    await expect.poll(() => percent.isEnabled()).toBe(true);
    expect(await percent.inputValue()).toBe('10');
    await expect(page.getByText('This rate will be applied to all new orders. Current rate: 10%')).toBeVisible();
    await percent.fill('12.5');
    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Commission rate updated successfully')).toBeVisible();
    await expect(page.getByText('This rate will be applied to all new orders. Current rate: 12.5%')).toBeVisible();
    await expect(page.getByText('10% → 12.5%')).toBeVisible();
    await snapshot(page, 'settings-1280');

    const after = await placeOrder();
    expect(after).toMatchObject({ totalAmount: 7500, commissionAmount: 938, restaurantPayout: 6562 });
    // The order placed before the change keeps its 10%.
    expect(await api(`/api/orders/${String(before.id)}`, adminToken)).toMatchObject({
      commissionAmount: 750,
      restaurantPayout: 6750,
    });
  });

  test('opens the sidebar as a sheet on a phone and goes where it is told', async ({ phone: page }) => {
    await page.goto('/auth');
    await signIn(page, admin.email, admin.password);
    await expect(page).toHavePath('/admin');
    await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
    await expect
      .poll(() => page.getByLabel('Platform totals').locator('dt:has-text("Total Revenue") + dd').textContent())
      .toMatch(/^GH₵/);
    await expect(page.getByRole('navigation', { name: 'Admin Panel' })).toBeHidden();
    await expectPhoneReady(page);
    await snapshot(page, 'overview-360');

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    const sheet = page.getByRole('dialog', { name: 'Admin Panel' });
    await expect(sheet).toBeVisible();
    await expectPhoneReady(page);
    await snapshot(page, 'sheet-360');
    await sheet.getByRole('link', { name: 'Settings' }).click();
    await expect(page).toHavePath('/admin/settings');
    await expect(sheet).toBeHidden();
    await expect(page.getByText('Commission Rate Settings')).toBeVisible();
    await expect.poll(() => page.getByLabel('Commission Percentage (%)').inputValue()).toBe('12.5');
    await expectPhoneReady(page);
    await snapshot(page, 'settings-360');

    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await sheet.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHavePath('/admin/users');
  });

  test('sends signed-in people who are not admins to /auth', async ({ signedIn }) => {
    const page = await signedIn(customer, '/customer');
    await page.goto('/admin');
    await expect(page).toHavePath('/auth');
  });
});
