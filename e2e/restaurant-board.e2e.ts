import { eq } from 'drizzle-orm';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderViewSchema } from '@shared/orders/schemas.js';
import { customerOrderPageSchema } from '@shared/orders/views.js';
import { topics } from '@shared/realtime/events.js';
import { orders } from '../src/server/db/schema.js';
import { insertMenuItem, insertRestaurant } from '../src/server/restaurants/testFixtures.js';
import { createAccount } from './support/accounts.js';
import { signIn } from './support/authPage.js';
import { buildClient, removeClient } from './support/buildClient.js';
import { expectHidden, expectPath, expectVisible } from './support/expect.js';
import { imageFiles, type FilePayload } from './support/files.js';
import { useE2E } from './support/harness.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { watchRealtime } from './support/realtime.js';
import { snapshot } from './support/screenshots.js';
import { startServer, type E2EServer } from './support/server.js';

const RESTAURANT = 'Osu Jollof Corner';
/** A kitchen's phone on the counter. */
const PHONE_390: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

type Account = Awaited<ReturnType<typeof createAccount>>;

describe('the live kitchen board', () => {
  const t = useE2E();
  let server: E2EServer;
  let clientDir: string;
  let owner: Account;
  let restaurantId: string;
  let jollofId: string;
  let avatar: FilePayload;

  /** Setup screens are another helper's journey: this one starts from a restaurant with a menu, written to the database. */
  beforeAll(async () => {
    clientDir = await buildClient();
    server = await startServer({ clientDir, smtpUrl: '' });
    t.origin = server.origin;

    avatar = (await imageFiles()).profilePicture;
    owner = await createAccount(server.origin, 'restaurant', { avatar });
    const db = server.app.db;
    const restaurant = await insertRestaurant(db, { ownerId: owner.session.user.id, name: RESTAURANT });
    restaurantId = restaurant.id;
    jollofId = (await insertMenuItem(db, { restaurantId, name: 'Jollof Rice', price: 4500, category: 'Main Course' })).id;
    await insertMenuItem(db, { restaurantId, name: 'Kelewele', price: 1550, category: 'Sides' });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (clientDir) removeClient(clientDir);
  });

  /** The owner's board, signed in through /auth (the restaurant role's home is /restaurant), following restaurant:<id>. */
  async function openBoard(): Promise<Page> {
    const page = await t.newPage(PHONE_390);
    const realtime = watchRealtime(page);
    await page.goto('/auth');
    await signIn(page, owner.email, owner.password);
    await expectPath(page, '/restaurant');
    await expectVisible(page.getByRole('heading', { name: RESTAURANT, level: 1 }));
    await realtime.subscribedTo(topics.restaurant(restaurantId));
    return page;
  }

  /** A cash order placed straight through the API, as a customer's browser would. */
  async function placeOrderByApi(customer: Account, notes?: string) {
    const response = await fetch(`${server.origin}/api/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.session.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        orderId: crypto.randomUUID(),
        restaurantId,
        items: [{ menuItemId: jollofId, quantity: 2 }],
        deliveryAddress: '3 Cantonments Road, Accra',
        deliveryPhone: '+233 20 765 4321',
        paymentMethod: 'cash',
        notes,
      }),
    });
    expect(response.status).toBe(201);
    return orderViewSchema.parse(await response.json());
  }

  /** A status badge; its 'Status: ' prefix is for screen readers, and tells it apart from a button such as 'Mark Ready'. */
  const status = (scope: Locator, label: string) => scope.getByText(`Status: ${label}`, { exact: true });
  const card = (page: Page, shortId: string) => page.getByRole('article', { name: `Order ${shortId}` });

  it('shows a customer order the moment it is placed, and the customer follows each kitchen move live', async () => {
    const board = await openBoard();
    await expectVisible(board.getByText('No active orders'));
    await expectVisible(board.getByRole('link', { name: 'Sales & Transactions' }));
    await expectVisible(board.getByRole('link', { name: 'Manage Menu' }));
    await expectVisible(board.getByRole('link', { name: 'Restaurant Settings' }));
    await expectVisible(board.getByRole('link', { name: 'My Orders' }));
    await expectVisible(board.getByRole('button', { name: 'Get notifications' }));

    const sound = board.getByRole('button', { name: 'Sound' });
    expect(await sound.getAttribute('aria-pressed')).toBe('true');
    await sound.click();
    expect(await sound.getAttribute('aria-pressed')).toBe('false');
    await board.reload();
    await expectVisible(board.getByText('No active orders'));
    expect(await board.getByRole('button', { name: 'Sound' }).getAttribute('aria-pressed')).toBe('false');
    await board.getByRole('button', { name: 'Sound' }).click();
    await board.evaluate(() => Object.assign(window, { beforeTheOrder: true }));
    const navigations: string[] = [];
    board.on('framenavigated', (frame) => navigations.push(frame.url()));

    const customer = await createAccount(server.origin, 'customer');
    const shop = await t.newPage(PHONE_390);
    const customerRealtime = watchRealtime(shop);
    await shop.goto('/auth');
    await signIn(shop, customer.email, customer.password);
    await expectPath(shop, '/customer');
    await shop.getByRole('link', { name: RESTAURANT }).click();
    await shop.getByRole('button', { name: 'Add Jollof Rice to cart' }).click();
    await shop.getByRole('button', { name: 'Increase quantity of Jollof Rice' }).click();
    await shop.getByRole('link', { name: /Checkout$/ }).click();
    await expectPath(shop, '/customer/checkout');
    await shop.getByLabel('Delivery address').fill('14 Ring Road East, Osu, near the Danquah Circle');
    await shop.getByLabel(/^Notes/).fill('No pepper, blue gate');
    await shop.getByRole('button', { name: /^Place Order/ }).click();
    await expectPath(shop, '/customer/orders');
    const mine = shop.getByRole('article', { name: RESTAURANT });
    await expectVisible(status(mine, 'Confirmed'));

    await expectVisible(board.getByText('New Order!'));
    const response = await fetch(`${server.origin}/api/orders/mine`, {
      headers: { authorization: `Bearer ${customer.session.accessToken}` },
    });
    const [placed] = customerOrderPageSchema.parse(await response.json()).items;
    const order = card(board, placed!.shortId);
    await expectVisible(order.getByText(customer.fullName));
    await expectVisible(order.getByText('2 × Jollof Rice'));
    await expectVisible(order.getByText('GH₵90.00').first());
    await expectVisible(order.getByText('Cash on delivery'));
    await expectVisible(order.getByText('14 Ring Road East, Osu, near the Danquah Circle'));
    await expectVisible(order.getByRole('link', { name: customer.phone }));
    await expectVisible(order.getByText('No pepper, blue gate'));
    await expectVisible(order.getByText('just now'));
    await expectVisible(status(order, 'Confirmed'));
    await expectHidden(order.getByRole('button', { name: 'Confirm Order' }));
    expect(navigations).toEqual([]);
    expect(await board.evaluate(() => 'beforeTheOrder' in window)).toBe(true);

    await customerRealtime.subscribedTo(topics.order(placed!.id));

    await order.getByRole('button', { name: 'Start Preparing' }).click();
    await expectVisible(board.getByText('Order Updated'));
    await expectVisible(status(order, 'Preparing'));
    await expectVisible(status(mine, 'Preparing'));

    await order.getByRole('button', { name: 'Mark Ready' }).click();
    // No driver is online in this journey: dispatch leaves the order for any driver to accept.
    await expectVisible(board.getByText('No Driver Available'));
    await expectVisible(status(order, 'Ready'));
    await expectHidden(order.getByRole('button'));
    await expectVisible(status(mine, 'Ready'));
    expect(navigations).toEqual([]);
  });

  it('confirms a pending order, cancels one after asking, and says so when another tab moved an order first', async () => {
    const customer = await createAccount(server.origin, 'customer');
    const awaiting = await placeOrderByApi(customer, 'Extra shito');
    const unwanted = await placeOrderByApi(customer);
    // A card order waits in pending until its payment is confirmed; cash orders skip it, so the journey sets it.
    await server.app.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, awaiting.id));
    await server.app.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, unwanted.id));

    const front = await openBoard();
    const back = await openBoard();

    await expectVisible(status(card(back, awaiting.shortId), 'Pending'));
    await card(front, awaiting.shortId).getByRole('button', { name: 'Confirm Order' }).click();
    await expectVisible(front.getByText('Order Updated'));
    await expectVisible(status(card(front, awaiting.shortId), 'Confirmed'));
    await expectVisible(status(card(back, awaiting.shortId), 'Confirmed'));

    // Both tabs press 'Start Preparing' at once: the back tab's request reaches the server just after the front tab's move.
    await back.route(`**/api/orders/${awaiting.id}/status`, async (route) => {
      await card(front, awaiting.shortId).getByRole('button', { name: 'Start Preparing' }).click();
      await expectVisible(status(card(front, awaiting.shortId), 'Preparing'));
      await route.continue();
    });
    await card(back, awaiting.shortId).getByRole('button', { name: 'Start Preparing' }).click();
    await expectVisible(back.getByText('Failed to update order status'));
    await expectVisible(back.getByText('This order is already preparing'));
    await expectVisible(card(back, awaiting.shortId).getByRole('button', { name: 'Mark Ready' }));
    await expectPhoneReady(back);

    const doomed = card(front, unwanted.shortId);
    await doomed.getByRole('button', { name: 'Cancel' }).click();
    const dialog = front.getByRole('alertdialog', { name: `Cancel order ${unwanted.shortId}?` });
    await expectPhoneReady(front);
    await dialog.getByRole('button', { name: 'Keep Order' }).click();
    await expectHidden(dialog);
    await expectVisible(status(doomed, 'Pending'));
    await doomed.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await expectHidden(card(front, unwanted.shortId));
    await expectHidden(card(back, unwanted.shortId));

    await back.getByRole('tab', { name: 'Completed' }).click();
    await expectVisible(status(card(back, unwanted.shortId), 'Cancelled'));
    await expectPhoneReady(back);
    await expectHidden(card(back, unwanted.shortId).getByRole('button'));
  });

  it('links to /customer/orders as the dashboard does, and the owner gets there rather than being sent back', async () => {
    const board = await openBoard();
    await expectPhoneReady(board);
    await snapshot(board, 'restaurant-dashboard-390');
    await board.setViewportSize({ width: 1280, height: 900 });
    await snapshot(board, 'restaurant-dashboard-1280');
    await board.getByRole('navigation', { name: 'Restaurant' }).getByRole('link', { name: 'My Orders' }).click();
    await expectPath(board, '/customer/orders');
    await expectVisible(board.getByRole('heading', { name: 'My Orders', level: 1 }));
  });

  it("offers 'Set Up Restaurant' to an owner who has none yet", async () => {
    const newcomer = await createAccount(server.origin, 'restaurant', { avatar });
    const page = await t.newPage(PHONE_390);
    await page.goto('/auth');
    await signIn(page, newcomer.email, newcomer.password);
    await expectPath(page, '/restaurant');
    await expectVisible(page.getByText('No restaurant found'));
    await expectPhoneReady(page);
    await page.getByRole('link', { name: 'Set Up Restaurant' }).click();
    await expectPath(page, '/restaurant/setup');
  });
});
