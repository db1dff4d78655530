import { and, eq, inArray } from 'drizzle-orm';
import type { BrowserContextOptions, Locator, Page } from '@playwright/test';
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
import { expectPhoneReady } from './support/pageChecks.js';
import { watchRealtime } from './support/realtime.js';
import type { E2EServer } from './support/server.js';
import { expect, onOwnServer, type NewPage } from './support/test.js';
import { appears } from './support/toasts.js';

const own = onOwnServer();
const test = own.test;

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

test.describe('a delivery from the kitchen to the door', () => {
  let server: E2EServer;
  let driverId: string;
  let restaurantId: string;

  /**
   * This journey runs on the demo data, on a server of its own. The demo driver is on the road
   * with two deliveries and three ready orders are waiting: those are settled first, and the
   * driver starts offline, so the order placed here is the only one in play.
   */
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await own.server();
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
  });

  /** Signs in through /auth and waits for the account's home. */
  async function signInAt(page: Page, { email, password }: { email: string; password: string }, home: string) {
    await page.goto('/auth');
    await signIn(page, email, password);
    await expect(page).toHavePath(home);
  }

  const demo = (account: { email: string }) => ({ email: account.email, password: DEMO_PASSWORD });

  /** The demo driver on the dashboard, online, with a position the server has stored (dispatch only picks fresh ones). */
  async function driverGoesOnline(newPage: NewPage): Promise<Page> {
    const page = await newPage(phoneAt(DRIVER_START));
    const realtime = watchRealtime(page);
    await signInAt(page, demo(DRIVER), '/driver');
    await expect(page.getByRole('heading', { name: 'Driver Dashboard' })).toBeVisible();
    await realtime.subscribedTo(topics.ordersReady());
    await realtime.subscribedTo(topics.driver(driverId));

    const available = page.waitForResponse(
      (response) => response.url().endsWith('/api/drivers/me/availability') && response.request().method() === 'PATCH',
    );
    const positioned = page.waitForResponse(
      (response) => response.url().endsWith('/api/drivers/me/location') && response.request().method() === 'PUT',
    );
    // A toast fades after a few seconds: watched for from the click, not after the position is stored.
    const toldAvailable = appears(page.getByText(DRIVER_MESSAGES.nowAvailable));
    await page.getByRole('button', { name: 'Go Online' }).click();
    expect((await available).status()).toBe(200);
    expect((await positioned).status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Go Offline' })).toBeVisible();
    await toldAvailable;
    await expectPhoneReady(page);
    return page;
  }

  /** A new customer orders the dish for cash, with a pin from their phone's location, and lands on My Orders. */
  async function customerOrders(newPage: NewPage): Promise<{ page: Page; card: Locator; orderId: string }> {
    const customer = await createAccount(server.origin, 'customer');
    const page = await newPage(phoneAt(CUSTOMER_HOME));
    const realtime = watchRealtime(page);
    await signInAt(page, customer, '/customer');
    await page.getByRole('link', { name: RESTAURANT.name }).click();
    await page.getByRole('button', { name: `Add ${DISH} to cart` }).click();
    await page.getByRole('link', { name: /Checkout$/ }).click();
    await expect(page).toHavePath('/customer/checkout');
    await page.getByLabel('Delivery address').fill('Flat 4B, Ring Road East, Osu');
    await page.getByRole('button', { name: 'Use my location' }).click();
    await expect(
      page.getByText(`Pin at ${CUSTOMER_HOME.latitude.toFixed(6)}, ${CUSTOMER_HOME.longitude.toFixed(6)}`),
    ).toBeVisible();
    await page.getByRole('button', { name: /^Place Order/ }).click();
    await expect(page).toHavePath('/customer/orders');

    const card = page.getByRole('article', { name: RESTAURANT.name });
    await expect(status(card, 'Confirmed')).toBeVisible();
    const [placed] = await server.app.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.customerId, customer.session.user.id), eq(orders.restaurantId, restaurantId)));
    await realtime.subscribedTo(topics.order(placed!.id));
    return { page, card, orderId: placed!.id };
  }

  /** The owner's kitchen board with the order on it. */
  async function openBoard(newPage: NewPage, shortId: string): Promise<Locator> {
    const page = await newPage(PHONE_390);
    const realtime = watchRealtime(page);
    await signInAt(page, demo(OWNER), '/restaurant');
    await expect(page.getByRole('heading', { name: RESTAURANT.name, level: 1 })).toBeVisible();
    await realtime.subscribedTo(topics.restaurant(restaurantId));
    return page.getByRole('article', { name: `Order ${shortId}` });
  }

  test('offers a ready order to the driver online nearby, who accepts it and brings it to the customer against their code while the customer follows live', async ({
    newPage,
  }) => {
    test.setTimeout(180_000);
    const driver = await driverGoesOnline(newPage);
    const customer = await customerOrders(newPage);
    const shortId = shortOrderId(customer.orderId);
    const code = (await customer.card.getByText(/^\d{6}$/).textContent())?.trim() ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const kitchen = await openBoard(newPage, shortId);
    const board = kitchen.page();
    await kitchen.getByRole('button', { name: 'Start Preparing' }).click();
    await expect(status(customer.card, 'Preparing')).toBeVisible();
    // What the driver is told is a toast, gone after a few seconds: watched for from the moment the
    // order is ready, not after the kitchen's check below, which a busy machine can make outlast it.
    const toldOffered = appears(driver.getByText(DRIVER_MESSAGES.offer).first());
    const toldReady = appears(driver.getByText(DRIVER_MESSAGES.newOrder));
    await kitchen.getByRole('button', { name: 'Mark Ready' }).click();

    const outcome = board.getByText(new RegExp(`^(${DISPATCH_MESSAGES.offered}|${DISPATCH_MESSAGES.noDriver})$`));
    await expect(outcome).toBeVisible();
    if ((await outcome.first().textContent()) === DISPATCH_MESSAGES.offered) {
      await toldOffered;
      const offer = driver.getByRole('article', { name: RESTAURANT.name }).filter({ hasText: DRIVER_MESSAGES.offer });
      await expect(offer.getByText(/^\d+ s left to accept$/)).toBeVisible();
      await offer.getByRole('button', { name: DRIVER_MESSAGES.offerAccept }).click();
    } else {
      await toldReady;
      await driver.getByRole('tab', { name: 'Available Orders (1)' }).click();
      const listed = driver.getByRole('tabpanel');
      await expect(listed.getByText(RESTAURANT.name)).toBeVisible();
      await listed.getByRole('button', { name: 'Accept Order' }).click();
    }
    await expect(driver.getByText(DRIVER_MESSAGES.accepted)).toBeVisible();
    await expect(status(kitchen, 'En Route to Restaurant')).toBeVisible();

    // The customer sees who is coming, and where they are, as they move.
    await expect(status(customer.card, 'En Route to Restaurant')).toBeVisible();
    await expect(customer.card.getByRole('heading', { name: `Your driver ${DRIVER_FIRST_NAME}` })).toBeVisible();
    await expect(customer.card.getByText(DEMO_DRIVER.plateNumber)).toBeVisible();
    await expect(customer.card.getByText(`Bike · ${DEMO_DRIVER.vehicleModel}`)).toBeVisible();
    await expect(customer.card.getByText('Your delivery point')).toBeVisible();
    await expect(customer.card.getByText(enRouteLine(DRIVER_START), { exact: false })).toBeVisible();
    await driver.context().setGeolocation(DRIVER_NEARER);
    await expect(customer.card.getByText(enRouteLine(DRIVER_NEARER), { exact: false })).toBeVisible();

    await driver.getByRole('tab', { name: 'My Deliveries (1)' }).click();
    const delivery = driver.getByRole('tabpanel');
    await expect(delivery.getByText(RESTAURANT.name)).toBeVisible();
    await expectPhoneReady(driver);
    await expectPhoneReady(customer.page);
    await delivery.getByRole('button', { name: 'Picked Up' }).click();
    await expect(driver.getByText(DRIVER_MESSAGES.pickedUp)).toBeVisible();
    await expect(status(customer.card, 'Out for Delivery')).toBeVisible();
    await expect(customer.card.getByText(DEMO_DRIVER.plateNumber)).toBeVisible();

    await delivery.getByRole('button', { name: 'Complete Delivery' }).click();
    const dialog = driver.getByRole('dialog', { name: 'Verify Delivery Code' });
    const codeBox = dialog.getByRole('textbox', { name: 'Delivery code' });
    const verify = dialog.getByRole('button', { name: 'Verify & Complete' });
    await codeBox.fill(code.slice(0, 5));
    expect(await verify.isDisabled()).toBe(true);
    await codeBox.fill(code === '000000' ? '999999' : '000000');
    await verify.click();
    await expect(driver.getByText(DRIVER_MESSAGES.invalidCodeTitle)).toBeVisible();
    await expect(driver.getByText(DRIVER_MESSAGES.invalidCode)).toBeVisible();
    await expect(dialog).toBeVisible();
    await expectPhoneReady(driver);

    await codeBox.fill(code);
    await verify.click();
    await expect(driver.getByText(DRIVER_MESSAGES.completed)).toBeVisible();
    await expect(dialog).toBeHidden();
    // With nothing left to deliver the dashboard turns back to the orders waiting for a driver.
    await expect(driver.getByRole('tab', { name: 'My Deliveries (0)' })).toBeVisible();
    await expect(driver.getByRole('tab', { name: 'Available Orders (0)', selected: true })).toBeVisible();

    await expect(status(customer.card, 'Delivered')).toBeVisible();
    await expect(customer.card.getByText(DEMO_DRIVER.plateNumber)).toBeHidden();
    await expect(customer.card.getByText(code, { exact: true })).toBeHidden();
  });
});
