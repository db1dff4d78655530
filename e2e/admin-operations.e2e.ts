import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { BrowserContextOptions, Page } from '@playwright/test';
import { sessionSchema } from '@shared/auth/schemas.js';
import { DRIVER_MESSAGES, type DriverPosition } from '@shared/drivers/schemas.js';
import { CLOSURE_MESSAGES } from '@shared/orders/closures.js';
import { shortOrderId } from '@shared/orders/schemas.js';
import { topics } from '@shared/realtime/events.js';
import { drivers, menuItems, orders, restaurants, users } from '../src/server/db/schema.js';
import { seedDemo } from '../src/server/db/seed.js';
import { DEMO_PASSWORD, ROLE_ACCOUNTS } from '../src/server/db/seed/people.js';
import { DEMO_RESTAURANTS } from '../src/server/db/seed/restaurants.js';
import { createAccount } from './support/accounts.js';
import { callApi } from './support/api.js';
import { signIn } from './support/authPage.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { watchRealtime } from './support/realtime.js';
import type { E2EServer } from './support/server.js';
import { expect, onOwnServer, type NewPage } from './support/test.js';
import { appears } from './support/toasts.js';

const own = onOwnServer();
const test = own.test;

const RESTAURANT = DEMO_RESTAURANTS[0]!;
const OWNER = ROLE_ACCOUNTS.find((account) => account.key === 'osu-owner')!;
const DRIVER = ROLE_ACCOUNTS.find((account) => account.key === 'driver')!;
const ADMIN = ROLE_ACCOUNTS.find((account) => account.key === 'admin')!;

/** The rider waits in Kumasi, far beyond the dispatch radius of the Accra kitchen: no rider is near, dispatch gives it to nobody. */
const FAR_AWAY: DriverPosition = { latitude: 6.6885, longitude: -1.6244 };
const PHONE_AT_KUMASI: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  permissions: ['geolocation'],
  geolocation: FAR_AWAY,
};
const DESK: BrowserContextOptions = { viewport: { width: 1280, height: 900 } };

test.describe('the live operations view', () => {
  let server: E2EServer;
  let restaurantId: string;
  let dishId: string;
  let driverId: string;

  /** The demo data with nothing on the road and every rider offline, so the order placed here is the only one in play. */
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await own.server();
    await seedDemo(server.app);
    const db = server.app.db;
    await db
      .update(orders)
      .set({ status: 'delivered' })
      .where(inArray(orders.status, ['ready', 'accepted', 'picked_up']));
    await db.update(drivers).set({ isAvailable: false });
    const [row] = await db
      .select({ restaurantId: restaurants.id, dishId: menuItems.id })
      .from(restaurants)
      .innerJoin(menuItems, eq(menuItems.restaurantId, restaurants.id))
      .where(and(eq(restaurants.name, RESTAURANT.name), eq(menuItems.isAvailable, true)))
      .limit(1);
    restaurantId = row!.restaurantId;
    dishId = row!.dishId;
    const [driver] = await db.select({ id: users.id }).from(users).where(eq(users.email, DRIVER.email));
    driverId = driver!.id;
  });

  async function signInAt(page: Page, email: string, home: string) {
    await page.goto('/auth');
    await signIn(page, email, DEMO_PASSWORD);
    await expect(page).toHavePath(home);
  }

  /** The demo rider online in Kumasi, on their dashboard, following their own topic. */
  async function riderOnline(newPage: NewPage): Promise<Page> {
    const page = await newPage(PHONE_AT_KUMASI);
    const realtime = watchRealtime(page);
    await signInAt(page, DRIVER.email, '/driver');
    await expect(page.getByRole('heading', { name: 'Driver Dashboard' })).toBeVisible();
    const positioned = page.waitForResponse(
      (response) => response.url().endsWith('/api/drivers/me/location') && response.request().method() === 'PUT',
    );
    await page.getByRole('button', { name: 'Go Online' }).click();
    expect((await positioned).status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Go Offline' })).toBeVisible();
    await realtime.subscribedTo(topics.driver(driverId));
    await expect(page.getByRole('tab', { name: 'My Deliveries (0)' })).toBeVisible();
    return page;
  }

  /** A new customer's cash order, which the kitchen marks ready through the API: dispatch finds no rider near. */
  async function readyOrder(): Promise<string> {
    const customer = await createAccount(server.origin, 'customer');
    const order = await callApi(server.origin, '/api/orders', customer.session.accessToken, {
      method: 'POST',
      body: {
        orderId: randomUUID(),
        restaurantId,
        items: [{ menuItemId: dishId, quantity: 1 }],
        deliveryAddress: 'Flat 4B, Ring Road East, Osu',
        deliveryPhone: '+233 24 555 0199',
        deliveryLatitude: 5.5597,
        deliveryLongitude: -0.1794,
        paymentMethod: 'cash',
      },
    });
    const orderId = String(order.id);
    const signedIn = await fetch(`${server.origin}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: OWNER.email, password: DEMO_PASSWORD }),
    });
    const owner = sessionSchema.parse(await signedIn.json());
    for (const status of ['preparing', 'ready']) {
      const moved = await callApi(server.origin, `/api/orders/${orderId}/status`, owner.accessToken, {
        method: 'PATCH',
        body: { status },
      });
      expect(moved.status).toBe(status);
    }
    return orderId;
  }

  test('an admin assigns a waiting order by hand and the rider has it at once, then takes it back', async ({ newPage }) => {
    test.setTimeout(150_000);
    const rider = await riderOnline(newPage);
    const orderId = await readyOrder();
    const shortId = shortOrderId(orderId);

    const admin = await newPage(DESK);
    const realtime = watchRealtime(admin);
    await signInAt(admin, ADMIN.email, '/admin');
    await admin.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Operations' }).click();
    await expect(admin).toHavePath('/admin/operations');
    await expect(admin.getByRole('heading', { name: 'Operations', level: 1 })).toBeVisible();
    await realtime.subscribedTo(topics.allOrders());
    await realtime.subscribedTo(topics.operations());

    const waiting = admin.getByRole('region', { name: /Waiting for a rider/ });
    const order = waiting.getByRole('article', { name: `Order ${shortId}` });
    await expect(order.getByText(RESTAURANT.name)).toBeVisible();
    await expect(order.getByText(/^waiting \d+ (s|min)$/)).toBeVisible();
    const riders = admin.getByRole('region', { name: /Riders online/ });
    const riderCard = riders.getByRole('article', { name: DRIVER.fullName });
    await expect(riderCard.getByText(/^position \d+ s ago$/)).toBeVisible();

    const told = appears(rider.getByText(DRIVER_MESSAGES.assigned));
    await order.getByRole('button', { name: `Assign order ${shortId}` }).click();
    const dialog = admin.getByRole('dialog', { name: `Assign order ${shortId}` });
    await dialog.getByRole('radio', { name: new RegExp(DRIVER.fullName) }).click();
    await dialog.getByRole('button', { name: `Give to ${DRIVER.fullName}` }).click();
    await expect(admin.getByText('Order assigned')).toBeVisible();

    // The rider's dashboard has it without a reload.
    await told;
    await rider.getByRole('tab', { name: 'My Deliveries (1)' }).click();
    await expect(rider.getByRole('tabpanel').getByText(RESTAURANT.name)).toBeVisible();
    await expectPhoneReady(rider);

    // The live view moved it from the waiting list to the rider, who may be relieved of it before pickup.
    await expect(order).toBeHidden();
    await expect(riderCard.getByText(shortId)).toBeVisible();
    await riderCard.getByRole('button', { name: `Take back order ${shortId}` }).click();
    const toldTaken = appears(rider.getByText(DRIVER_MESSAGES.takenFromYou));
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Take back' }).click();
    await expect(admin.getByText(CLOSURE_MESSAGES.takenBack)).toBeVisible();
    await expect(order).toBeVisible();
    await toldTaken;
    await expect(rider.getByRole('tab', { name: 'My Deliveries (0)' })).toBeVisible();
  });
});
