import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { HEATMAP_MESSAGES, ordersLabel } from '@shared/admin/heatmap.js';
import { neighbourhoodOf } from '@shared/admin/neighbourhoods.js';
import type { Session } from '@shared/auth/schemas.js';
import { accraRestaurantForm } from '../src/server/restaurants/testFixtures.js';
import { createAccount, createDriver } from './support/accounts.js';
import { signIn } from './support/authPage.js';
import { imageFiles, type FilePayload } from './support/files.js';
import { expectPhoneReady, expectTabsOnOneLine } from './support/pageChecks.js';
import { expect, test } from './support/test.js';
import { ADMIN } from './support/server.js';

/**
 * The admin's 'Verification & Analytics' page on the shared server: drivers who signed up wait
 * for verification, and orders a kitchen has made ready appear on the order heat map. Everything
 * the journey needs is made through the API, as the apps would make it. Set
 * E2E_SCREENSHOT_DIR to keep pictures of the page on a phone and on a laptop.
 */

/** Delivery points: four orders to one spot in Osu, one each to Labone and to the sea off Accra (no neighbourhood). */
const OSU = { latitude: 5.5597, longitude: -0.1794 };
const LABONE = { latitude: 5.5655, longitude: -0.1716 };
const OFFSHORE = { latitude: 5.45, longitude: -0.25 };
const DELIVERIES = [OSU, OSU, OSU, OSU, LABONE, OFFSHORE];

const screenshotDir = process.env.E2E_SCREENSHOT_DIR;

async function call(origin: string, session: Session, method: string, url: string, body?: unknown) {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${session.accessToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const reply: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(reply)}`);
  return reply as Record<string, unknown>;
}

/** A kitchen with one dish, and a customer whose cash orders to DELIVERIES the kitchen takes to 'ready'. */
async function ordersMadeReady(origin: string, avatar: FilePayload) {
  const owner = await createAccount(origin, 'restaurant', { avatar });
  const restaurant = await call(
    origin,
    owner.session,
    'POST',
    '/api/restaurants',
    accraRestaurantForm({ name: `Heat Map Kitchen ${randomUUID().slice(0, 6)}` }),
  );
  const restaurantId = restaurant.id as string;
  const dish = await call(origin, owner.session, 'POST', `/api/restaurants/${restaurantId}/menu-items`, {
    name: 'Waakye',
    price: '25.00',
    category: 'Main Course',
    isAvailable: true,
  });
  const customer = await createAccount(origin, 'customer');
  for (const point of DELIVERIES) {
    const order = await call(origin, customer.session, 'POST', '/api/orders', {
      orderId: randomUUID(),
      restaurantId,
      items: [{ menuItemId: dish.id as string, quantity: 1 }],
      deliveryAddress: 'Ring Road East, Osu, Accra',
      deliveryPhone: '+233 24 555 0102',
      deliveryLatitude: point.latitude,
      deliveryLongitude: point.longitude,
      paymentMethod: 'cash',
    });
    for (const status of ['preparing', 'ready']) {
      await call(origin, owner.session, 'PATCH', `/api/orders/${order.id as string}/status`, { status });
    }
  }
}

async function screenshot(page: Page, name: string) {
  if (!screenshotDir) return;
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** The circles Leaflet drew that stick out of the map (none once it has fitted them). */
const circlesOutsideMap = (page: Page) =>
  page.evaluate(() => {
    const map = document.querySelector('.leaflet-container')!.getBoundingClientRect();
    const circles = [...document.querySelectorAll('.leaflet-overlay-pane path')].map((path) => path.getBoundingClientRect());
    return circles.filter(
      (circle) => circle.left < map.left || circle.top < map.top || circle.right > map.right || circle.bottom > map.bottom,
    ).length;
  });

/** Whether an <img> has loaded a real picture. */
const imageLoaded = (page: Page, alt: string) =>
  page
    .getByRole('img', { name: alt })
    .evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0);

test.describe('the admin verification and analytics page', () => {
  const admin = ADMIN;

  async function adminOnVerification(page: Page) {
    await page.goto('/auth');
    await signIn(page, admin.email, admin.password);
    await expect(page).toHavePath('/admin');
    await page.goto('/admin/verification');
    await expect(page.getByRole('heading', { name: 'Verification & Analytics' })).toBeVisible();
  }

  test('lists drivers waiting for verification with their ID and photo, then shows where orders go on the heat map', async ({
    origin,
    page,
  }) => {
    const files = await imageFiles();
    const pending = await createDriver(origin);
    await ordersMadeReady(origin, files.profilePicture);

    await page.setViewportSize({ width: 1280, height: 900 });
    await adminOnVerification(page);

    // Driver Verification is the tab that opens, the newest pending driver first.
    await expect(page.getByRole('tab', { name: 'Driver Verification', selected: true })).toBeVisible();
    const card = page.getByRole('article', { name: pending.fullName });
    await expect(card).toBeVisible();
    await expect(card.getByText('Pending', { exact: true })).toBeVisible();
    const verify = card.getByRole('button', { name: 'Verify ID with AI' });
    expect(await verify.isEnabled()).toBe(true);
    await expect.poll(() => imageLoaded(page, `National ID of ${pending.fullName}`)).toBe(true);
    await expect.poll(() => imageLoaded(page, `Photo of ${pending.fullName}`)).toBe(true);
    await screenshot(page, 'verification-1280');

    await page.getByRole('tab', { name: 'Order Heat Map' }).click();
    await expect(page.getByRole('heading', { name: HEATMAP_MESSAGES.title })).toBeVisible();
    const places = new Set(DELIVERIES.map((point) => `${point.latitude},${point.longitude}`)).size;
    // One circle per place: the SVG paths Leaflet draws in its overlay pane.
    await expect
      .poll(() => page.locator('.leaflet-overlay-pane path').count(), { message: 'circles on the map' })
      .toBeGreaterThanOrEqual(places);
    const totals = page.getByRole('definition');
    expect(await totals.count()).toBe(3);
    // The map fits every circle, whole, rather than centring on the busiest place and cutting the others off.
    await expect.poll(() => circlesOutsideMap(page), { message: 'circles cut off by the map edge' }).toBe(0);

    const top = page.getByRole('region', { name: HEATMAP_MESSAGES.topAreas });
    const osu = top.getByRole('listitem').filter({ hasText: neighbourhoodOf(OSU.latitude, OSU.longitude)! });
    await expect(osu).toBeVisible();
    await expect(osu.getByText(ordersLabel(4))).toBeVisible();
    await expect(top.getByText(`${OFFSHORE.latitude.toFixed(4)}, ${OFFSHORE.longitude.toFixed(4)}`)).toBeVisible();

    // The busiest place's circle, the biggest, opens a popup saying where it is and how many orders went there.
    await page.locator('.leaflet-overlay-pane path').first().click();
    const popup = page.locator('.leaflet-popup-content');
    await expect(popup.getByText('Osu, Accra')).toBeVisible();
    await expect(popup.getByText(ordersLabel(4))).toBeVisible();
    await expect(popup.getByText(`${OSU.latitude.toFixed(4)}, ${OSU.longitude.toFixed(4)}`)).toBeVisible();
    await screenshot(page, 'heatmap-1280');

    // The period stays in the address: a reload opens the same tab and period.
    await page.getByRole('radio', { name: '7 days' }).click();
    await expect.poll(() => new URL(page.url()).search).toContain('period=7d');
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Order Heat Map', selected: true })).toBeVisible();
    await expect(page.getByRole('radio', { name: '7 days', checked: true })).toBeVisible();
    await expect.poll(() => page.locator('.leaflet-overlay-pane path').count()).toBeGreaterThanOrEqual(places);
  });

  test('works on a phone 360 px wide: to a thumb, readable and without sideways scrolling', async ({ phone: page }) => {
    await adminOnVerification(page);
    const card = page.getByRole('article').first();
    await expect(card.getByRole('button', { name: 'Verify ID with AI' })).toBeVisible();
    await expect
      .poll(() =>
        card
          .getByRole('img')
          .first()
          .evaluate((img) => (img as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await expectPhoneReady(page);
    // 'Driver Verification' and 'Order Heat Map' fit a line each: 'Drivers' and 'Heat Map' on a phone, full names kept.
    await expectTabsOnOneLine(page);
    await expect(page.getByRole('tab', { name: 'Driver Verification', selected: true })).toBeVisible();
    await screenshot(page, 'verification-360');
    await page.getByRole('tab', { name: 'Order Heat Map' }).click();
    await expect(page.getByRole('heading', { name: HEATMAP_MESSAGES.title })).toBeVisible();
    await expect.poll(() => page.locator('.leaflet-overlay-pane path').count()).toBeGreaterThan(0);
    await expect(page.getByRole('region', { name: HEATMAP_MESSAGES.topAreas })).toBeVisible();
    await expect.poll(() => circlesOutsideMap(page), { message: 'circles cut off by the map edge' }).toBe(0);
    await expectPhoneReady(page);
    await screenshot(page, 'heatmap-360');
  });
});
