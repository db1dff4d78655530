import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { drivers, orders, userRoles } from '../src/server/db/schema.js';
import { postOrderDelivered } from '../src/server/ledger/orderPostings.js';
import { insertAccountWithoutPassword, insertRestaurant } from '../src/server/restaurants/testFixtures.js';
import { createAccount } from './support/accounts.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { snapshot } from './support/screenshots.js';
import { expect, onOwnServer } from './support/test.js';

const own = onOwnServer();
const test = own.test;

/**
 * Two cash orders of one restaurant delivered by one rider today, posted on the ledger by the
 * delivery's own posting: Waakye for 40.00 with a delivery fee of 8.00 (the platform keeps 1.60)
 * and a 3.00 tip, and Jollof for 25.00 with a fee of 5.00 (1.00 kept) and no tip. The rider earned
 * 9.40 + 4.00 and holds the cash, 51.00 + 30.00; the restaurant is owed 36.00 + 22.50.
 */
const DELIVERIES = [
  { total: 4000, fee: 800, share: 160, tip: 300 },
  { total: 2500, fee: 500, share: 100, tip: 0 },
];

test.describe("the rider's earnings and the statements of riders and restaurants", () => {
  let rider: Awaited<ReturnType<typeof createAccount>>;
  let owner: Awaited<ReturnType<typeof createAccount>>;

  test.beforeAll(async () => {
    const server = await own.server();
    const db = server.app.db;
    rider = await createAccount(server.origin, 'customer');
    owner = await createAccount(server.origin, 'customer');
    await db.update(userRoles).set({ role: 'driver' }).where(eq(userRoles.userId, rider.session.user.id));
    await db.update(userRoles).set({ role: 'restaurant' }).where(eq(userRoles.userId, owner.session.user.id));
    await db.insert(drivers).values({
      userId: rider.session.user.id,
      vehicleType: 'bike',
      vehicleYear: 2021,
      vehicleModel: 'Honda CG 125',
      plateNumber: 'GR 2024-21',
      driversLicenseUrl: '/e2e/license.jpg',
      nationalIdUrl: '/e2e/id.jpg',
      vehicleImageUrl: '/e2e/bike.jpg',
      isVerified: true,
      isAvailable: false,
    });
    const customerId = await insertAccountWithoutPassword(db, 'customer');
    const kitchen = await insertRestaurant(db, {
      ownerId: owner.session.user.id,
      name: 'Osu Waakye Spot',
      currencySymbol: 'GH₵',
    });
    for (const delivery of DELIVERIES) {
      const commission = delivery.total / 10;
      const [order] = await db
        .insert(orders)
        .values({
          customerId,
          restaurantId: kitchen.id,
          driverId: rider.session.user.id,
          status: 'delivered',
          totalAmount: delivery.total,
          commissionAmount: commission,
          restaurantPayout: delivery.total - commission,
          commissionBps: 1000,
          deliveryFee: delivery.fee,
          deliveryShare: delivery.share,
          tipAmount: delivery.tip,
          currencySymbol: 'GH₵',
          deliveryAddress: '7 Spintex Road, Accra',
          deliveryPhone: '+233 24 555 0102',
          deliveryCode: '123456',
        })
        .returning({ id: orders.id });
      await db.transaction((tx) => postOrderDelivered(tx, order!.id));
    }
  });

  test("a rider reads today's earnings and their deliveries, then their statement, and downloads it", async ({ signedIn }) => {
    const page = await signedIn(rider, '/driver');
    await page.getByRole('navigation', { name: 'Driver' }).getByRole('link', { name: 'Earnings' }).click();
    await expect(page).toHavePath('/driver/earnings');
    const totals = page.getByLabel('Your earnings');
    await expect(totals.getByText('GH₵13.40')).toHaveCount(3);
    await expect(totals.getByText('2 deliveries')).toHaveCount(2);
    await expect(totals.getByText('GH₵81.00')).toBeVisible();
    const deliveries = page.getByRole('list', { name: 'Deliveries' }).getByRole('listitem');
    await expect(deliveries).toHaveCount(2);
    await expect(deliveries.first()).toContainText('Your part of the fee GH₵4.00 · Tip GH₵0.00');
    await expect(deliveries.last()).toContainText('Your part of the fee GH₵6.40 · Tip GH₵3.00');
    await expectPhoneReady(page);
    await snapshot(page, 'driver-earnings-360');

    await page.getByRole('navigation', { name: 'Driver' }).getByRole('link', { name: 'Statement' }).click();
    await expect(page).toHavePath('/driver/statement');
    const balances = page.getByLabel('Balances');
    await expect(balances).toContainText('GH₵0.00');
    await expect(balances).toContainText('GH₵13.40');
    await expect(page.getByRole('list', { name: 'Entries' }).getByRole('listitem')).toHaveCount(2);
    await expectPhoneReady(page);
    await snapshot(page, 'driver-statement-360');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^statement-earnings-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(csv[0]).toBe('Date,Type,Order,Order ID,Paid by,Memo,Currency,Amount,Balance');
    expect(csv.filter((line) => line.includes('Order delivered'))).toHaveLength(2);
    expect(csv.at(-2)).toMatch(/Closing balance,,,,,GH₵,,13\.40$/);
  });

  test('a restaurant owner opens the statement from the dashboard and steps back a month', async ({ signedIn }) => {
    const page = await signedIn(owner, '/restaurant');
    await page.getByRole('navigation', { name: 'Restaurant' }).getByRole('link', { name: 'Statement' }).click();
    await expect(page).toHavePath('/restaurant/manager/statement');
    await expect(page.getByRole('heading', { name: 'Statement', level: 1 })).toBeVisible();
    await expect(page.getByLabel('Balances')).toContainText('GH₵58.50');
    await expect(page.getByRole('list', { name: 'Entries' }).getByRole('listitem')).toHaveCount(2);
    await expectPhoneReady(page);

    await page.getByRole('button', { name: 'Previous month' }).click();
    await expect(page.getByText('No entries in this period')).toBeVisible();
    await page.getByRole('radio', { name: 'Custom dates' }).click();
    await expect(page.getByLabel('From')).toBeVisible();
    await expectPhoneReady(page);
    await snapshot(page, 'restaurant-statement-custom-360');
  });
});
