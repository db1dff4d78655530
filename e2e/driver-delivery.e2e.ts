import { and, eq, inArray } from 'drizzle-orm';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISPATCH_MESSAGES, DRIVER_MESSAGES, distanceMeters, type DriverPosition } from '@shared/drivers/schemas.js';
import { shortOrderId } from '@shared/orders/schemas.js';
import { topics } from '@shared/realtime/events.js';
import { formatDistance } from '../src/client/lib/format.js';
import { drivers, orders, restaurants, users } from '../src/server/db/schema.js';
import { seedDemo } from '../src/server/db/seed.js';
import { DEMO_DRIVER, DEMO_PASSWORD, ROLE_ACCOUNTS } from '../src/server/db/seed/people.js';
import { DEMO_RESTAURANTS } from '../src/server/db/seed/restaurants.js';
import { createAccount } from './support/accounts.js';
import { signIn } from './support/authPage.js';
import { buildClient, removeClient } from './support/buildClient.js';
import { expectHidden, expectPath, expectVisible } from './support/expect.js';
import { useE2E } from './support/harness.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { watchRealtime } from './support/realtime.js';
import { startServer, type E2EServer } from './support/server.js';

const RESTAURANT = DEMO_RESTAURANTS[0]!;
const DISH = 'Jollof Rice with Grilled Chicken';
const OWNER = ROLE_ACCOUNTS.find((account) => account.key === 'osu-owner')!;
const DRIVER = ROLE_ACCOUNTS.find((account) => account.key === 'driver')!;
const DRIVER_FIRST_NAME = DRIVER.fullName.split(' ')[0]!;

/** The driver waits on Oxford Street, a few hundred metres from the restaurant; the customer is on Ring Road East. */
const DRIVER_START: DriverPosition = { latitude: DEMO_DRIVER.latitude, longitude: DEMO_DRIVER.longitude };
const DRIVER_NEARER: DriverPosition = { latitude: 5.5592, longitude: -0.1806 };
const CUSTOMER_HOME: DriverPosition = { latitude: 5.5597, longitude: -0.1794 };

const PHONE_390: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** A phone that shares its location with the site. */
const phoneAt = (position: DriverPosition): BrowserContextOptions => ({
  ...PHONE_390,
  permissions: ['geolocation'],
  geolocation: position,
});

/** A status badge; its 'Status: ' prefix is for screen readers, and tells it apart from other text with the same words. */
const status = (scope: Locator, label: string) => scope.getByText(`Status: ${label}`, { exact: true });

/** What My Orders says of a driver heading to the restaurant (whereabouts.ts), from where they are. */
const enRouteLine = (from: DriverPosition) =>
  `${DRIVER_FIRST_NAME} is on the way to the restaurant, ${formatDistance(distanceMeters(from, CUSTOMER_HOME))} from you.`;

describe('a delivery from the kitchen to the door', () => {
  const t = useE2E();
  let server: E2EServer;
  let clientDir: string;
  let driverId: string;
  let restaurantId: string;

  /**
   * This journey runs on the demo data, on a server of its own. The demo driver is on the road
   * with two deliveries and three ready orders are waiting: those are settled first, and the
   * driver starts offline, so the order placed here is the only one in play.
   */
  beforeAll(async () => {
    clientDir = await buildClient();
    server = await startServer({ clientDir, smtpUrl: '' });
    t.origin = server.origin;
    await seedDemo(server.app);

    const db = server.app.db;
    const [driver] = await db
      .select({ id: drivers.userId, isVerified: drivers.isVerified })
      .from(drivers)
      .innerJoin(users, eq(users.id, drivers.userId))
      .where(eq(users.email, DRIVER.email));
    expect(driver?.isVerified).toBe(true);
    driverId = driver!.id;
    const [restaurant] = await db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.name, RESTAURANT.name));
    restaurantId = restaurant!.id;

    await db
      .update(orders)
      .set({ status: 'delivered' })
      .where(inArray(orders.status, ['ready', 'accepted', 'picked_up']));
    await db.update(drivers).set({ isAvailable: false }).where(eq(drivers.userId, driverId));
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (clientDir) removeClient(clientDir);
  });

  /** Signs in through /auth and waits for the account's home. */
  async function signInAt(page: Page, { email, password }: { email: string; password: string }, home: string) {
    await page.goto('/auth');
    await signIn(page, email, password);
    await expectPath(page, home);
  }

  const demo = (account: { email: string }) => ({ email: account.email, password: DEMO_PASSWORD });

  /** The demo driver on the dashboard, online, with a position the server has stored (dispatch only picks fresh ones). */
  async function driverGoesOnline(): Promise<Page> {
    const page = await t.newPage(phoneAt(DRIVER_START));
    const realtime = watchRealtime(page);
    await signInAt(page, demo(DRIVER), '/driver');
    await expectVisible(page.getByRole('heading', { name: 'Driver Dashboard' }));
    await realtime.subscribedTo(topics.ordersReady());
    await realtime.subscribedTo(topics.driver(driverId));

    const available = page.waitForResponse(
      (response) => response.url().endsWith('/api/drivers/me/availability') && response.request().method() === 'PATCH',
    );
    const positioned = page.waitForResponse(
      (response) => response.url().endsWith('/api/drivers/me/location') && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Go Online' }).click();
    expect((await available).status()).toBe(200);
    expect((await positioned).status()).toBe(200);
    await expectVisible(page.getByRole('button', { name: 'Go Offline' }));
    await expectVisible(page.getByText(DRIVER_MESSAGES.nowAvailable));
    await expectPhoneReady(page);
    return page;
  }

  /** A new customer orders the dish for cash, with a pin from their phone's location, and lands on My Orders. */
  async function customerOrders(): Promise<{ page: Page; card: Locator; orderId: string }> {
    const customer = await createAccount(server.origin, 'customer');
    const page = await t.newPage(phoneAt(CUSTOMER_HOME));
    const realtime = watchRealtime(page);
    await signInAt(page, customer, '/customer');
    await page.getByRole('link', { name: RESTAURANT.name }).click();
    await page.getByRole('button', { name: `Add ${DISH} to cart` }).click();
    await page.getByRole('link', { name: /Checkout$/ }).click();
    await expectPath(page, '/customer/checkout');
    await page.getByLabel('Delivery address').fill('Flat 4B, Ring Road East, Osu');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expectVisible(page.getByText(`Pin at ${CUSTOMER_HOME.latitude.toFixed(6)}, ${CUSTOMER_HOME.longitude.toFixed(6)}`));
    await page.getByRole('button', { name: /^Place Order/ }).click();
    await expectPath(page, '/customer/orders');

    const card = page.getByRole('article', { name: RESTAURANT.name });
    await expectVisible(status(card, 'Confirmed'));
    const [placed] = await server.app.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.customerId, customer.session.user.id), eq(orders.restaurantId, restaurantId)));
    await realtime.subscribedTo(topics.order(placed!.id));
    return { page, card, orderId: placed!.id };
  }

  /** The owner's kitchen board with the order on it. */
  async function openBoard(shortId: string): Promise<Locator> {
    const page = await t.newPage(PHONE_390);
    const realtime = watchRealtime(page);
    await signInAt(page, demo(OWNER), '/restaurant');
    await expectVisible(page.getByRole('heading', { name: RESTAURANT.name, level: 1 }));
    await realtime.subscribedTo(topics.restaurant(restaurantId));
    return page.getByRole('article', { name: `Order ${shortId}` });
  }

  it('dispatches a ready order to the driver online nearby, who brings it to the customer against their code while the customer follows live', async () => {
    const driver = await driverGoesOnline();
    const customer = await customerOrders();
    const shortId = shortOrderId(customer.orderId);
    const code = (await customer.card.getByText(/^\d{6}$/).textContent())?.trim() ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const kitchen = await openBoard(shortId);
    const board = kitchen.page();
    await kitchen.getByRole('button', { name: 'Start Preparing' }).click();
    await expectVisible(status(customer.card, 'Preparing'));
    await kitchen.getByRole('button', { name: 'Mark Ready' }).click();

    const outcome = board.getByText(new RegExp(`^(${DISPATCH_MESSAGES.assigned}|${DISPATCH_MESSAGES.noDriver})$`));
    await expectVisible(outcome);
    if ((await outcome.first().textContent()) === DISPATCH_MESSAGES.assigned) {
      await expectVisible(driver.getByText(DRIVER_MESSAGES.assigned));
    } else {
      await expectVisible(driver.getByText(DRIVER_MESSAGES.newOrder));
      await driver.getByRole('tab', { name: 'Available Orders (1)' }).click();
      const offered = driver.getByRole('tabpanel');
      await expectVisible(offered.getByText(RESTAURANT.name));
      await offered.getByRole('button', { name: 'Accept Order' }).click();
      await expectVisible(driver.getByText(DRIVER_MESSAGES.accepted));
    }
    await expectVisible(status(kitchen, 'En Route to Restaurant'));

    // The customer sees who is coming, and where they are, as they move.
    await expectVisible(status(customer.card, 'En Route to Restaurant'));
    await expectVisible(customer.card.getByRole('heading', { name: `Your driver ${DRIVER_FIRST_NAME}` }));
    await expectVisible(customer.card.getByText(DEMO_DRIVER.plateNumber));
    await expectVisible(customer.card.getByText(`Bike · ${DEMO_DRIVER.vehicleModel}`));
    await expectVisible(customer.card.getByText('Your delivery point'));
    await expectVisible(customer.card.getByText(enRouteLine(DRIVER_START), { exact: false }));
    await driver.context().setGeolocation(DRIVER_NEARER);
    await expectVisible(customer.card.getByText(enRouteLine(DRIVER_NEARER), { exact: false }));

    await driver.getByRole('tab', { name: 'My Deliveries (1)' }).click();
    const delivery = driver.getByRole('tabpanel');
    await expectVisible(delivery.getByText(RESTAURANT.name));
    await expectPhoneReady(driver);
    await expectPhoneReady(customer.page);
    await delivery.getByRole('button', { name: 'Picked Up' }).click();
    await expectVisible(driver.getByText(DRIVER_MESSAGES.pickedUp));
    await expectVisible(status(customer.card, 'Out for Delivery'));
    await expectVisible(customer.card.getByText(DEMO_DRIVER.plateNumber));

    await delivery.getByRole('button', { name: 'Complete Delivery' }).click();
    const dialog = driver.getByRole('dialog', { name: 'Verify Delivery Code' });
    const codeBox = dialog.getByRole('textbox', { name: 'Delivery code' });
    const verify = dialog.getByRole('button', { name: 'Verify & Complete' });
    await codeBox.fill(code.slice(0, 5));
    expect(await verify.isDisabled()).toBe(true);
    await codeBox.fill(code === '000000' ? '999999' : '000000');
    await verify.click();
    await expectVisible(driver.getByText(DRIVER_MESSAGES.invalidCodeTitle));
    await expectVisible(driver.getByText(DRIVER_MESSAGES.invalidCode));
    await expectVisible(dialog);
    await expectPhoneReady(driver);

    await codeBox.fill(code);
    await verify.click();
    await expectVisible(driver.getByText(DRIVER_MESSAGES.completed));
    await expectHidden(dialog);
    // With nothing left to deliver the dashboard turns back to the orders waiting for a driver.
    await expectVisible(driver.getByRole('tab', { name: 'My Deliveries (0)' }));
    await expectVisible(driver.getByRole('tab', { name: 'Available Orders (0)', selected: true }));

    await expectVisible(status(customer.card, 'Delivered'));
    await expectHidden(customer.card.getByText(DEMO_DRIVER.plateNumber));
    await expectHidden(customer.card.getByText(code, { exact: true }));
  }, 180_000);
});
