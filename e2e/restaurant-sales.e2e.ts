import { eq, sql } from 'drizzle-orm';
import type { OrderStatus } from '@shared/orders/status.js';
import { orders, restaurantMembers, userRoles } from '../src/server/db/schema.js';
import { insertAccountWithoutPassword, insertRestaurant } from '../src/server/restaurants/testFixtures.js';
import { createAccount } from './support/accounts.js';
import { signIn } from './support/authPage.js';
import { expectPhoneReady } from './support/pageChecks.js';
import type { E2EServer } from './support/server.js';
import { expect, onOwnServer, PHONE } from './support/test.js';

const own = onOwnServer();
const test = own.test;

/** Orders of the demo-like restaurant: amounts in pesewas, placed `daysAgo` days before now. */
const ORDERS: { total: number; status: OrderStatus; daysAgo: number }[] = [
  { total: 4500, status: 'delivered', daysAgo: 0 },
  { total: 3100, status: 'preparing', daysAgo: 1 },
  { total: 6000, status: 'delivered', daysAgo: 3 },
  { total: 2000, status: 'cancelled', daysAgo: 3 },
  { total: 9000, status: 'delivered', daysAgo: 20 },
];

test.describe('restaurant sales journey', () => {
  let server: E2EServer;
  let manager: Awaited<ReturnType<typeof createAccount>>;

  /**
   * Managers are invited by owners, which another screen does; this file runs its own server so
   * that it can make the manager, attach them to two restaurants and store orders directly.
   */
  test.beforeAll(async () => {
    server = await own.server();
    const db = server.app.db;

    manager = await createAccount(server.origin, 'customer');
    await db.update(userRoles).set({ role: 'manager' }).where(eq(userRoles.userId, manager.session.user.id));
    const customerId = await insertAccountWithoutPassword(db, 'customer');
    const kitchen = await insertRestaurant(db, {
      ownerId: await insertAccountWithoutPassword(db, 'restaurant'),
      name: 'Osu Jollof Corner',
      currencySymbol: 'GH₵',
    });
    const second = await insertRestaurant(db, {
      ownerId: await insertAccountWithoutPassword(db, 'restaurant'),
      name: 'Adum Fufu Place',
      currencySymbol: 'GH₵',
    });
    await db.insert(restaurantMembers).values([
      { restaurantId: kitchen.id, userId: manager.session.user.id },
      { restaurantId: second.id, userId: manager.session.user.id },
    ]);
    await db.insert(orders).values(
      ORDERS.map(({ total, status, daysAgo }) => ({
        customerId,
        restaurantId: kitchen.id,
        status,
        totalAmount: total,
        commissionAmount: total / 10,
        restaurantPayout: total - total / 10,
        commissionBps: 1000,
        currencySymbol: 'GH₵',
        deliveryAddress: '7 Spintex Road, Accra',
        deliveryPhone: '+233 24 555 0102',
        deliveryCode: '123456',
        createdAt: sql`now() - ${daysAgo} * interval '1 day'`,
      })),
    );
  });

  test('lets a manager of two restaurants pick one, read its cards and chart, and switch period and tab', async ({ newPage }) => {
    const page = await newPage({ ...PHONE, viewport: { width: 390, height: 844 } });
    await page.goto('/auth');
    await signIn(page, manager.email, manager.password);
    await expect(page).toHavePath('/restaurant/manager');
    await expect(page.getByRole('heading', { name: 'Sales & Transactions' })).toBeVisible();

    // The restaurants come in name order: Adum Fufu Place first, with no sales yet.
    await expect(page.getByText('No sales in this period yet.')).toBeVisible();
    await page.getByLabel('Restaurant').click();
    await page.getByRole('option', { name: 'Osu Jollof Corner' }).click();

    const card = (label: string) => page.getByLabel('Sales totals').locator(`dt:has-text("${label}") + dd`);
    const period = (name: string) => page.getByRole('radiogroup', { name: 'Period' }).getByRole('radio', { name });

    // 7 days by default: three orders not cancelled (4500 + 3100 + 6000), two delivered, one pending.
    await expect.poll(() => period('7 days').getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => card('Total Sales').textContent()).toBe('GH₵136.00');
    expect(await card('Commission').textContent()).toBe('GH₵13.60');
    expect(await card('Restaurant Payout').textContent()).toBe('GH₵122.40');
    expect(await card('Pending Orders').textContent()).toBe('1');
    expect(await card('Completed Orders').textContent()).toBe('2');
    await expect(page.getByRole('img', { name: /Bar chart of 7 days/ })).toBeVisible();
    await expectPhoneReady(page);

    await period('All time').click();
    await expect.poll(() => card('Total Sales').textContent()).toBe('GH₵226.00');
    expect(await card('Completed Orders').textContent()).toBe('3');
    await period('Today').click();
    await expect.poll(() => card('Total Sales').textContent()).toBe('GH₵45.00');

    await period('30 days').click();
    const transactions = page.getByRole('tabpanel');
    await expect.poll(() => transactions.getByRole('listitem').count()).toBe(5);
    await page.getByRole('tab', { name: 'Completed' }).click();
    await expect.poll(() => page.getByRole('tabpanel', { name: 'Completed' }).getByRole('listitem').count()).toBe(3);
    expect(await page.getByRole('tabpanel', { name: 'Completed' }).getByText('Delivered').count()).toBe(3);

    await page.reload();
    await expect.poll(() => period('30 days').getAttribute('aria-checked')).toBe('true');
    await expect.poll(() => card('Total Sales').textContent()).toBe('GH₵226.00');
  });
});
