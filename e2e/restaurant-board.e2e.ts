import { eq } from 'drizzle-orm';
import type { BrowserContextOptions, Locator, Page } from '@playwright/test';
import { orderViewSchema } from '@shared/orders/schemas.js';
import { customerOrderPageSchema } from '@shared/orders/views.js';
import { topics } from '@shared/realtime/events.js';
import { orders } from '../src/server/db/schema.js';
import { insertMenuItem, insertRestaurant } from '../src/server/restaurants/testFixtures.js';
import { createAccount } from './support/accounts.js';
import { signIn } from './support/authPage.js';
import { imageFiles, type FilePayload } from './support/files.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { watchRealtime } from './support/realtime.js';
import { snapshot } from './support/screenshots.js';
import type { E2EServer } from './support/server.js';
import { expect, onOwnServer, type NewPage } from './support/test.js';
import { appears } from './support/toasts.js';

const own = onOwnServer();
const test = own.test;

const RESTAURANT = 'Osu Jollof Corner';
/** A kitchen's phone on the counter. */
const PHONE_390: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

type Account = Awaited<ReturnType<typeof createAccount>>;

test.describe('the live kitchen board', () => {
  let server: E2EServer;
  let owner: Account;
  let restaurantId: string;
  let jollofId: string;
  let avatar: FilePayload;

  /** Setup screens are another helper's journey: this one starts from a restaurant with a menu, written to the database. */
  test.beforeAll(async () => {
    server = await own.server();

    avatar = (await imageFiles()).profilePicture;
    owner = await createAccount(server.origin, 'restaurant', { avatar });
    const db = server.app.db;
    const restaurant = await insertRestaurant(db, { ownerId: owner.session.user.id, name: RESTAURANT });
    restaurantId = restaurant.id;
    jollofId = (await insertMenuItem(db, { restaurantId, name: 'Jollof Rice', price: 4500, category: 'Main Course' })).id;
    await insertMenuItem(db, { restaurantId, name: 'Kelewele', price: 1550, category: 'Sides' });
  });

  /** The owner's board, signed in through /auth (the restaurant role's home is /restaurant), following restaurant:<id>. */
  async function openBoard(newPage: NewPage): Promise<Page> {
    const page = await newPage(PHONE_390);
    const realtime = watchRealtime(page);
    await page.goto('/auth');
    await signIn(page, owner.email, owner.password);
    await expect(page).toHavePath('/restaurant');
    await expect(page.getByRole('heading', { name: RESTAURANT, level: 1 })).toBeVisible();
    await realtime.subscribedTo(topics.restaurant(restaurantId));
    return page;
  }

  /** Reloads the board and waits until it listens again: an order placed before then would reach it only by refetch, without its toast. */
  async function reloadBoard(board: Page): Promise<void> {
    const realtime = watchRealtime(board);
    await board.reload();
    await realtime.subscribedTo(topics.restaurant(restaurantId));
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

  test('shows a customer order the moment it is placed, and the customer follows each kitchen move live', async ({ newPage }) => {
    const board = await openBoard(newPage);
    await expect(board.getByText('No active orders')).toBeVisible();
    await expect(board.getByRole('link', { name: 'Sales & Transactions' })).toBeVisible();
    await expect(board.getByRole('link', { name: 'Manage Menu' })).toBeVisible();
    await expect(board.getByRole('link', { name: 'Restaurant Settings' })).toBeVisible();
    await expect(board.getByRole('link', { name: 'My Orders' })).toBeVisible();
    await expect(board.getByRole('button', { name: 'Get notifications' })).toBeVisible();

    const sound = board.getByRole('button', { name: 'Sound' });
    expect(await sound.getAttribute('aria-pressed')).toBe('true');
    await sound.click();
    expect(await sound.getAttribute('aria-pressed')).toBe('false');
    await reloadBoard(board);
    await expect(board.getByText('No active orders')).toBeVisible();
    expect(await board.getByRole('button', { name: 'Sound' }).getAttribute('aria-pressed')).toBe('false');
    await board.getByRole('button', { name: 'Sound' }).click();
    await board.evaluate(() => Object.assign(window, { beforeTheOrder: true }));
    const navigations: string[] = [];
    board.on('framenavigated', (frame) => navigations.push(frame.url()));

    const customer = await createAccount(server.origin, 'customer');
    const shop = await newPage(PHONE_390);
    const customerRealtime = watchRealtime(shop);
    await shop.goto('/auth');
    await signIn(shop, customer.email, customer.password);
    await expect(shop).toHavePath('/customer');
    await shop.getByRole('link', { name: RESTAURANT }).click();
    await shop.getByRole('button', { name: 'Add Jollof Rice to cart' }).click();
    await shop.getByRole('button', { name: 'Increase quantity of Jollof Rice' }).click();
    await shop.getByRole('link', { name: /Checkout$/ }).click();
    await expect(shop).toHavePath('/customer/checkout');
    await shop.getByLabel('Delivery address').fill('14 Ring Road East, Osu, near the Danquah Circle');
    await shop.getByLabel(/^Notes/).fill('No pepper, blue gate');
    // 'New Order!' is a toast, gone after a few seconds: watched for from the moment the order goes,
    // not after the customer's steps below, which a busy machine can make last longer than the toast.
    const announced = appears(board.getByText('New Order!'));
    await shop.getByRole('button', { name: /^Place Order/ }).click();
    await expect(shop).toHavePath('/customer/orders');
    const mine = shop.getByRole('article', { name: RESTAURANT });
    await expect(status(mine, 'Confirmed')).toBeVisible();

    await announced;
    const response = await fetch(`${server.origin}/api/orders/mine`, {
      headers: { authorization: `Bearer ${customer.session.accessToken}` },
    });
    const [placed] = customerOrderPageSchema.parse(await response.json()).items;
    const order = card(board, placed!.shortId);
    await expect(order.getByText(customer.fullName)).toBeVisible();
    await expect(order.getByText('2 × Jollof Rice')).toBeVisible();
    await expect(order.getByText('GH₵90.00').first()).toBeVisible();
    await expect(order.getByText('Cash on delivery')).toBeVisible();
    await expect(order.getByText('14 Ring Road East, Osu, near the Danquah Circle')).toBeVisible();
    await expect(order.getByRole('link', { name: customer.phone })).toBeVisible();
    await expect(order.getByText('No pepper, blue gate')).toBeVisible();
    await expect(order.getByText('just now')).toBeVisible();
    await expect(status(order, 'Confirmed')).toBeVisible();
    await expect(order.getByRole('button', { name: 'Confirm Order' })).toBeHidden();
    expect(navigations).toEqual([]);
    expect(await board.evaluate(() => 'beforeTheOrder' in window)).toBe(true);

    await customerRealtime.subscribedTo(topics.order(placed!.id));

    await order.getByRole('button', { name: 'Start Preparing' }).click();
    await expect(board.getByText('Order Updated')).toBeVisible();
    await expect(status(order, 'Preparing')).toBeVisible();
    await expect(status(mine, 'Preparing')).toBeVisible();

    await order.getByRole('button', { name: 'Mark Ready' }).click();
    // No driver is online in this journey: dispatch leaves the order for any driver to accept.
    await expect(board.getByText('No Driver Available')).toBeVisible();
    await expect(status(order, 'Ready')).toBeVisible();
    await expect(order.getByRole('button')).toBeHidden();
    await expect(status(mine, 'Ready')).toBeVisible();
    expect(navigations).toEqual([]);
  });

  test('confirms a pending order, cancels one after asking, and says so when another tab moved an order first', async ({
    newPage,
  }) => {
    const customer = await createAccount(server.origin, 'customer');
    const awaiting = await placeOrderByApi(customer, 'Extra shito');
    const unwanted = await placeOrderByApi(customer);
    // A card order waits in pending until its payment is confirmed; cash orders skip it, so the journey sets it.
    await server.app.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, awaiting.id));
    await server.app.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, unwanted.id));

    const front = await openBoard(newPage);
    const back = await openBoard(newPage);

    await expect(status(card(back, awaiting.shortId), 'Pending')).toBeVisible();
    await card(front, awaiting.shortId).getByRole('button', { name: 'Confirm Order' }).click();
    await expect(front.getByText('Order Updated')).toBeVisible();
    await expect(status(card(front, awaiting.shortId), 'Confirmed')).toBeVisible();
    await expect(status(card(back, awaiting.shortId), 'Confirmed')).toBeVisible();

    // Both tabs press 'Start Preparing' at once: the back tab's request reaches the server just after the front tab's move.
    await back.route(`**/api/orders/${awaiting.id}/status`, async (route) => {
      await card(front, awaiting.shortId).getByRole('button', { name: 'Start Preparing' }).click();
      await expect(status(card(front, awaiting.shortId), 'Preparing')).toBeVisible();
      await route.continue();
    });
    await card(back, awaiting.shortId).getByRole('button', { name: 'Start Preparing' }).click();
    // The back tab's request waits on the front tab's whole move first (its route above).
    await expect(back.getByText('Failed to update order status')).toBeVisible({ timeout: 30_000 });
    await expect(back.getByText('This order is already preparing')).toBeVisible();
    await expect(card(back, awaiting.shortId).getByRole('button', { name: 'Mark Ready' })).toBeVisible();
    await expectPhoneReady(back);

    const doomed = card(front, unwanted.shortId);
    await doomed.getByRole('button', { name: 'Cancel' }).click();
    const dialog = front.getByRole('alertdialog', { name: `Cancel order ${unwanted.shortId}?` });
    await expectPhoneReady(front);
    await dialog.getByRole('button', { name: 'Keep Order' }).click();
    await expect(dialog).toBeHidden();
    await expect(status(doomed, 'Pending')).toBeVisible();
    await doomed.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await expect(card(front, unwanted.shortId)).toBeHidden();
    await expect(card(back, unwanted.shortId)).toBeHidden();

    await back.getByRole('tab', { name: 'Completed' }).click();
    await expect(status(card(back, unwanted.shortId), 'Cancelled')).toBeVisible();
    await expectPhoneReady(back);
    await expect(card(back, unwanted.shortId).getByRole('button')).toBeHidden();
  });

  test('links to /customer/orders as the dashboard does, and the owner gets there rather than being sent back', async ({
    newPage,
  }) => {
    const board = await openBoard(newPage);
    await expectPhoneReady(board);
    await snapshot(board, 'restaurant-dashboard-390');
    await board.setViewportSize({ width: 1280, height: 900 });
    await snapshot(board, 'restaurant-dashboard-1280');
    await board.getByRole('navigation', { name: 'Restaurant' }).getByRole('link', { name: 'My Orders' }).click();
    await expect(board).toHavePath('/customer/orders');
    await expect(board.getByRole('heading', { name: 'My Orders', level: 1 })).toBeVisible();
  });

  test("offers 'Set Up Restaurant' to an owner who has none yet", async ({ newPage }) => {
    const newcomer = await createAccount(server.origin, 'restaurant', { avatar });
    const page = await newPage(PHONE_390);
    await page.goto('/auth');
    await signIn(page, newcomer.email, newcomer.password);
    await expect(page).toHavePath('/restaurant');
    await expect(page.getByText('No restaurant found')).toBeVisible();
    await expectPhoneReady(page);
    await page.getByRole('link', { name: 'Set Up Restaurant' }).click();
    await expect(page).toHavePath('/restaurant/setup');
  });
});
