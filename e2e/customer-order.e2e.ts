import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from '@playwright/test';
import { CHECKOUT_MESSAGES, orderViewSchema } from '@shared/orders/schemas.js';
import type { OrderStatus } from '@shared/orders/status.js';
import { customerOrderPageSchema } from '@shared/orders/views.js';
import { topics } from '@shared/realtime/events.js';
import { orders } from '../src/server/db/schema.js';
import { insertAccountWithoutPassword, insertMenuItem, insertRestaurant } from '../src/server/restaurants/testFixtures.js';
import { createAccount } from './support/accounts.js';
import { signIn } from './support/authPage.js';
import { imageFiles } from './support/files.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { watchRealtime } from './support/realtime.js';
import type { E2EServer } from './support/server.js';
import { expect, onOwnServer, PHONE } from './support/test.js';
import { appears } from './support/toasts.js';

const own = onOwnServer();
const test = own.test;

// As long as the longest demo name: a name's length must never widen a phone's page.
const RESTAURANT = 'Osu Jollof Corner & Chichinga';

async function api(server: E2EServer, path: string, accessToken: string, init: Pick<RequestInit, 'method' | 'body'> = {}) {
  const response = await fetch(`${server.origin}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
  });
  const body: unknown = await response.json();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

const isFocused = (locator: Locator) => locator.evaluate((element) => element === document.activeElement);

/** The step of an order's progress tracker that is current (aria-current="step"). */
const currentStep = (card: Locator) =>
  card.getByRole('list', { name: 'Order progress' }).locator('[aria-current="step"]').textContent();

/** When the carousel journey's pages' clocks start. */
const CAROUSEL_START = new Date('2026-03-02T12:00:00Z').getTime();

const slideShown = (page: Page) =>
  page.getByRole('group', { name: 'Choose a slide' }).locator('[aria-current="true"]').getAttribute('aria-label');

test.describe('customer ordering journey', () => {
  let server: E2EServer;
  let owner: Awaited<ReturnType<typeof createAccount>>;
  let restaurantId: string;
  let keleweleId: string;

  /** An order the customer placed earlier that has since finished, put straight into its final status. */
  async function pastOrder(accessToken: string, status: OrderStatus) {
    const order = orderViewSchema.parse(
      await api(server, '/api/orders', accessToken, {
        method: 'POST',
        body: JSON.stringify({
          orderId: randomUUID(),
          restaurantId,
          items: [{ menuItemId: keleweleId, quantity: 1 }],
          deliveryAddress: '3 Cantonments Road, Accra',
          deliveryPhone: '+233 24 123 4567',
          paymentMethod: 'cash',
        }),
      }),
    );
    await server.app.db.update(orders).set({ status }).where(eq(orders.id, order.id));
  }

  /**
   * The API makes restaurants and menus too (an owner sets one up, an admin approves it: the
   * restaurant-setup, restaurant-approval and restaurant-menu journeys), but this journey is the
   * customer's, so it runs its own server and fills the database directly: an open restaurant, a
   * second one to search past, a closed one and a dish that is not available, in a few inserts.
   */
  test.beforeAll(async () => {
    server = await own.server();

    const { profilePicture } = await imageFiles();
    owner = await createAccount(server.origin, 'restaurant', { avatar: profilePicture });
    const db = server.app.db;
    const ownerId = owner.session.user.id;
    const jollofCorner = await insertRestaurant(db, { ownerId, name: RESTAURANT, address: '12 Oxford Street, Osu, Accra' });
    await insertRestaurant(db, {
      ownerId: await insertAccountWithoutPassword(db, 'restaurant'),
      name: 'Adum Fufu Place',
      address: 'Prempeh II Street, Adum, Kumasi',
    });
    await insertRestaurant(db, {
      ownerId: await insertAccountWithoutPassword(db, 'restaurant'),
      name: 'Closed Kitchen',
      isActive: false,
    });
    await insertMenuItem(db, { restaurantId: jollofCorner.id, name: 'Jollof Rice', price: 4500, category: 'Main Course' });
    restaurantId = jollofCorner.id;
    ({ id: keleweleId } = await insertMenuItem(db, { restaurantId, name: 'Kelewele', price: 1550, category: 'Sides' }));
    await insertMenuItem(db, {
      restaurantId: jollofCorner.id,
      name: 'Banku',
      price: 3000,
      category: 'Main Course',
      isAvailable: false,
    });
  });

  test('takes a visitor from browsing to a cash order, through sign-in with the cart intact, and shows its status change live', async ({
    phone: page,
  }) => {
    const customer = await createAccount(server.origin, 'customer');
    await pastOrder(customer.session.accessToken, 'delivered');
    await pastOrder(customer.session.accessToken, 'cancelled');
    const realtime = watchRealtime(page);

    await page.goto('/customer');
    await expect(page.getByRole('link', { name: RESTAURANT })).toBeVisible();
    await expect(page.getByText('Closed Kitchen')).toBeHidden();
    await page.getByLabel('Search restaurants').fill('adum');
    await expect(page.getByRole('link', { name: 'Adum Fufu Place' })).toBeVisible();
    await expect(page.getByRole('link', { name: RESTAURANT })).toBeHidden();
    // The server finds a restaurant by a dish it serves, typo or not, and says which dish.
    await page.getByLabel('Search restaurants').fill('kelewel');
    const found = page.getByRole('article').filter({ has: page.getByRole('link', { name: RESTAURANT }) });
    await expect(found.getByText('Serves Kelewele')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Adum Fufu Place' })).toBeHidden();
    await page.getByLabel('Search restaurants').fill('jollof');
    await expectPhoneReady(page);
    await page.getByRole('link', { name: RESTAURANT }).click();

    await expect(page.getByRole('heading', { name: RESTAURANT, level: 1 })).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(/^\/customer\/restaurant\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Main Course' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sides' })).toBeVisible();
    const categoryBar = page.getByRole('navigation', { name: 'Menu categories' });
    expect(await categoryBar.getByRole('link').allTextContents()).toEqual(['Main Course', 'Sides']);
    expect(await categoryBar.getByRole('link', { name: 'Main Course' }).getAttribute('aria-current')).toBe('true');
    await expect(page.getByText('Banku')).toBeHidden();

    await page.getByRole('button', { name: 'Add Jollof Rice to cart' }).click();
    await expect(page.getByText('Added to cart')).toBeVisible();
    await page.getByRole('button', { name: 'Increase quantity of Jollof Rice' }).click();
    await page.getByRole('button', { name: 'Add Kelewele to cart' }).click();
    // One 'Added to cart' toast, updated to the latest dish, at the bottom above the cart bar:
    // clear of the page's title and of the cart button.
    const addedToast = page.locator('[data-sonner-toast]', { hasText: 'Added to cart' });
    await expect(addedToast.getByText('Kelewele')).toBeVisible();
    expect(await addedToast.count()).toBe(1);
    const cartButton = page.getByRole('link', { name: /^3 items\s*GH₵105\.50\s*Checkout$/ });
    await expect(cartButton).toBeVisible();
    const title = (await page.getByRole('heading', { name: RESTAURANT, level: 1 }).boundingBox())!;
    const cartTop = (await cartButton.boundingBox())!.y;
    await expect
      .poll(
        async () => {
          const box = await addedToast.boundingBox();
          return box !== null && box.y > title.y + title.height && box.y + box.height <= cartTop;
        },
        { message: 'the toast sits between the title and the cart button' },
      )
      .toBe(true);
    await expectPhoneReady(page);

    await page.reload();
    await expect(page.getByText('Jollof Rice quantity: 2')).toBeVisible();
    await page.getByRole('link', { name: /^3 items\s*GH₵105\.50\s*Checkout$/ }).click();

    await expect(page).toHavePath('/auth');
    await signIn(page, customer.email, customer.password);
    await expect(page).toHavePath('/customer/checkout');
    const summary = page.getByRole('region', { name: 'Order summary' });
    await expect(summary.getByText('Jollof Rice quantity: 2')).toBeVisible();
    await expect(summary.getByText('Kelewele quantity: 1')).toBeVisible();
    // No delivery pricing is set up here: delivery is free, so the subtotal is the total.
    await expect(summary.locator('dl[aria-label="Order total"]').getByText('GH₵105.50')).toHaveCount(2);
    expect(await page.getByLabel('Phone number').inputValue()).toBe(customer.phone);
    await expectPhoneReady(page);

    // On a phone, Place Order and the total stay in view from the top of the form, without scrolling.
    const placeOrder = page.getByRole('button', { name: 'Place Order' });
    const button = (await placeOrder.boundingBox())!;
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(button.y + button.height).toBeLessThanOrEqual(PHONE.viewport.height);
    expect(button.height).toBeGreaterThanOrEqual(44);

    // The phone is filled in: only the address is reported missing, once, by the 'Missing
    // information' toast (nothing under the field repeats it), and the address gets the focus.
    const address = page.getByLabel('Delivery address');
    const phone = page.getByLabel('Phone number');
    await placeOrder.click();
    const missing = page.locator('[data-sonner-toast][data-type="error"]');
    await expect(missing.getByText(CHECKOUT_MESSAGES.missingInformationTitle)).toBeVisible();
    await expect(missing.getByText('Please enter the delivery address')).toBeVisible();
    expect(await page.getByText('Please enter the delivery address').count()).toBe(1);
    expect(await missing.count()).toBe(1);
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    await expect(page.getByText(CHECKOUT_MESSAGES.missingDelivery)).toBeHidden();
    await expect(page.getByText('Please enter a phone number')).toBeHidden();
    expect(await isFocused(address)).toBe(true);
    await expect(page).toHavePath('/customer/checkout');

    // A wrong phone is named under the phone, not the address, and gets the focus.
    await address.fill('14 Ring Road East, Osu, near the Danquah Circle');
    await phone.fill('call me');
    await placeOrder.click();
    await expect(page.locator('#checkout-phone-error').getByText(CHECKOUT_MESSAGES.invalidPhone)).toBeVisible();
    expect(await phone.getAttribute('aria-invalid')).toBe('true');
    expect(await address.getAttribute('aria-invalid')).toBeNull();
    expect(await isFocused(phone)).toBe(true);

    await phone.fill(customer.phone);
    // Toasts fade after a few seconds: each is watched for from the click that raises it.
    const placed = appears(page.getByText('Order placed!'));
    await placeOrder.click();

    await expect(page).toHavePath('/customer/orders');
    await placed;
    const card = page.getByRole('region', { name: 'Active orders' }).getByRole('article', { name: RESTAURANT });
    await expect(card.getByText('Status: Confirmed')).toBeVisible();
    expect(await currentStep(card)).toMatch(/^Confirmed/);
    await expect(card.getByText('2 × Jollof Rice')).toBeVisible();
    await expect(card.getByText('GH₵105.50')).toBeVisible();
    const shownCode = (await card.getByText(/^\d{6}$/).textContent())?.trim();
    await expectPhoneReady(page);

    const [order] = customerOrderPageSchema.parse(
      await api(server, '/api/orders/mine?tab=active', customer.session.accessToken),
    ).items;
    expect(order?.deliveryCode).toMatch(/^\d{6}$/);
    expect(shownCode).toBe(order?.deliveryCode);
    expect(order?.totalAmount).toBe(10_550);

    await realtime.subscribedTo(topics.order(order!.id));
    await page.evaluate(() => Object.assign(window, { beforeTheUpdate: true }));
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));

    const updated = appears(page.getByText('Order Updated'));
    await api(server, `/api/orders/${order!.id}/status`, owner.session.accessToken, {
      method: 'PATCH',
      body: JSON.stringify({ status: 'preparing' }),
    });

    await expect(card.getByText('Status: Preparing')).toBeVisible();
    expect(await currentStep(card)).toMatch(/^Preparing/);
    await updated;
    await expect(card.getByText(order!.deliveryCode!)).toBeVisible();
    expect(navigations).toEqual([]);
    expect(await page.evaluate(() => 'beforeTheUpdate' in window)).toBe(true);

    // Finished orders come after the active ones, collapsed to one line each until tapped (their
    // 'Order again' and 'Rate your order' buttons name the restaurant after what they do).
    const past = page.getByRole('region', { name: 'Past orders' });
    const rows = past.getByRole('button', { name: new RegExp(`^${RESTAURANT}`) });
    await expect(rows).toHaveCount(2);
    expect(await rows.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-expanded')))).toEqual(['false', 'false']);
    await expect(past.getByText('Status: Cancelled')).toBeVisible();
    await expect(past.getByText('Status: Delivered')).toBeVisible();
    await expect(past.getByText('1 × Kelewele')).toBeHidden();
    await past.getByRole('button', { name: /Delivered/ }).click();
    await expect(past.getByText('1 × Kelewele')).toBeVisible();
    expect(await past.getByRole('button', { name: /Delivered/ }).getAttribute('aria-expanded')).toBe('true');
    expect(await past.getByRole('button', { name: /Cancelled/ }).getAttribute('aria-expanded')).toBe('false');
  });

  test('puts a dish taken out of the cart back, at its place and quantity, when Undo is tapped', async ({ phone: page }) => {
    await page.goto('/customer');
    await page.getByRole('link', { name: RESTAURANT }).click();
    await page.getByRole('button', { name: 'Add Jollof Rice to cart' }).click();
    await page.getByRole('button', { name: 'Add Kelewele to cart' }).click();
    await page.getByRole('button', { name: 'Increase quantity of Kelewele' }).click();
    await page.getByRole('button', { name: 'Remove Jollof Rice from cart' }).click();
    await expect(page.getByRole('link', { name: /^2 items\s*GH₵31\.00/ })).toBeVisible();

    const toast = page.getByRole('listitem').filter({ hasText: 'Removed Jollof Rice from cart' });
    await expect(toast).toBeVisible();
    await expectPhoneReady(page);
    await toast.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByRole('link', { name: /^3 items\s*GH₵76\.00/ })).toBeVisible();
    await expect(page.getByText('Jollof Rice quantity: 1')).toBeVisible();
    const stored = await page.evaluate(() => localStorage.getItem('chopchop.cart'));
    expect(JSON.parse(stored!).lines.map((line: { name: string; quantity: number }) => [line.name, line.quantity])).toEqual([
      ['Jollof Rice', 1],
      ['Kelewele', 2],
    ]);
  });

  test('moves the carousel on every 4 seconds, holds it while hovered, and keeps it still for reduced motion', async ({
    page,
    newPage,
  }) => {
    const still = await newPage({ reducedMotion: 'reduce' });
    // Both pages' clocks stand still until the test moves them on, by as much on each.
    const pages = [page, still];
    const runFor = (ms: number) => Promise.all(pages.map((tab) => tab.clock.runFor(ms)));
    for (const tab of pages) {
      // Installed a minute early, as the clock runs until it is paused.
      await tab.clock.install({ time: CAROUSEL_START - 60_000 });
      await tab.clock.pauseAt(CAROUSEL_START);
    }
    await Promise.all(pages.map((tab) => tab.goto('/customer')));
    await expect(page.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
    await expect(still.getByRole('button', { name: 'Play slideshow' })).toBeVisible();
    expect(await slideShown(page)).toMatch(/^Show slide 1 of 9/);

    await runFor(3_900);
    expect(await slideShown(page)).toMatch(/^Show slide 1 of 9/);
    await runFor(100);
    await expect.poll(() => slideShown(page)).toMatch(/^Show slide 2 of 9/);
    const carousel = page.getByRole('region', { name: 'Dishes to try' });
    await carousel.hover();
    // Held once its track is announced again (aria-live polite), which React applies a moment after the hover.
    await expect(carousel.locator('[aria-live]').first()).toHaveAttribute('aria-live', 'polite');
    await runFor(5_000);
    expect(await slideShown(page)).toMatch(/^Show slide 2 of 9/);
    expect(await slideShown(still)).toMatch(/^Show slide 1 of 9/);

    await page.getByRole('button', { name: /^Show slide 9 of 9/ }).click();
    await page.getByRole('button', { name: 'Next slide' }).click();
    expect(await slideShown(page)).toMatch(/^Show slide 1 of 9/);
    await page.getByRole('button', { name: 'Previous slide' }).click();
    expect(await slideShown(page)).toMatch(/^Show slide 9 of 9/);
  });
});
