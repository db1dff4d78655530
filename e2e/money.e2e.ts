import { and, eq } from 'drizzle-orm';
import type { BrowserContextOptions, Locator, Page } from '@playwright/test';
import { ADMIN_DRIVER_MESSAGES } from '@shared/admin/drivers.js';
import { DELIVERY_SETTINGS_MESSAGES } from '@shared/admin/delivery.js';
import { DISPATCH_MESSAGES, DRIVER_MESSAGES, type DriverPosition } from '@shared/drivers/schemas.js';
import { shortOrderId } from '@shared/orders/schemas.js';
import { topics } from '@shared/realtime/events.js';
import { orders } from '../src/server/db/schema.js';
import { insertMenuItem, insertRestaurant } from '../src/server/restaurants/testFixtures.js';
import type { PaystackStandIn } from '../src/server/test/paystack.js';
import { createAccount, createDriver } from './support/accounts.js';
import { signIn } from './support/authPage.js';
import { paystackJourney } from './support/paystackServer.js';
import { imageFiles } from './support/files.js';
import { expectPhoneReady } from './support/pageChecks.js';
import { watchRealtime } from './support/realtime.js';
import { ADMIN, type E2EServer } from './support/server.js';
import { expect, PHONE } from './support/test.js';
import { appears } from './support/toasts.js';

/**
 * Issue 22's money, end to end: what a customer pays reaches the restaurant and the rider, and an
 * admin pays both out until nobody is owed anything.
 *
 * The admin prices delivery in cedis (GH₵8.00 up to 3 km, GH₵1.50 a started km beyond, 15 km at
 * most; a road factor of 1.3 and a platform share of 20%, the defaults). The customer, 2.69 km
 * from the kitchen in a straight line (3.49 km by road), orders Jollof Rice for GH₵45.00: delivery
 * GH₵9.50, the 10% tip GH₵5.00, GH₵59.50 paid in cash. The restaurant is owed GH₵40.50 (the food
 * less the 10% commission); the rider earns GH₵7.60 of the fee (less the platform's GH₵1.90) and
 * the tip: GH₵12.60, and holds the GH₵59.50 of cash until they hand it in.
 */

const RESTAURANT = 'Osu Jollof Corner';
const DISH = 'Jollof Rice';
/** The kitchen is at the fixture's pin, 5.556, -0.1826; the rider waits a few hundred metres away. */
const RIDER_START: DriverPosition = { latitude: 5.5575, longitude: -0.181 };
const CUSTOMER_HOME: DriverPosition = { latitude: 5.58, longitude: -0.18 };

const OWNER_MOMO = { number: '0241234567', holder: 'OSU JOLLOF CORNER' };
const RIDER_BANK = { number: '1234567890', holder: 'KWAME ASANTE' };
/** What Paystack holds in cedis before the payouts: GH₵1,000.00. */
const GHS_BALANCE = 100_000;

const phoneAt = (position: DriverPosition): BrowserContextOptions => ({
  ...PHONE,
  permissions: ['geolocation'],
  geolocation: position,
});

/** What a <dl> says of a term: the <dd> after the <dt> whose text starts with it. */
const valueOf = (scope: Locator, term: string) =>
  scope.locator(`xpath=.//dt[starts-with(normalize-space(.), "${term}")]/following-sibling::dd[1]`);

/** A status badge; its 'Status: ' prefix is for screen readers. */
const status = (scope: Locator, label: string) => scope.getByText(`Status: ${label}`, { exact: true });

/**
 * A server of its own (the delivery fees are the whole marketplace's settings, and payouts pay
 * everyone owed on it), with a local stand-in for Paystack's API, whose transfers this journey
 * settles.
 */
const own = paystackJourney({ admin: true });
const test = own.test;

/** Signs in through /auth and waits for the account's home. */
async function signInAt(page: Page, account: { email: string; password: string }, home: string): Promise<void> {
  await page.goto('/auth');
  await signIn(page, account.email, account.password);
  await expect(page).toHavePath(home);
}

/** Chooses an option of a Radix select (its listbox is rendered outside the field). */
async function choose(page: Page, combobox: Locator, option: string): Promise<void> {
  await expect(combobox).toBeEnabled();
  await combobox.click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Checks the account with Paystack, sees its holder's name and saves it, on a 'Payout account' page. */
async function savePayoutAccount(page: Page, account: { number: string; holder: string }, last4: string, bank: string) {
  const form = page.getByRole('form', { name: 'Payout account' });
  await form.getByRole('button', { name: 'Check account' }).click();
  await expect(form.getByText('Paystack says this account belongs to:')).toBeVisible();
  await expect(form.getByText(account.holder, { exact: true })).toBeVisible();
  await expectPhoneReady(page);
  const saved = appears(page.getByText(`${bank} •••• ${last4}`));
  await form.getByRole('button', { name: 'Save payout account' }).click();
  await saved;
  const savedAccount = page.getByLabel('Saved payout account');
  await expect(valueOf(savedAccount, 'Account holder')).toHaveText(account.holder);
  await expect(valueOf(savedAccount, 'Paid in')).toContainText('GHS');
}

test.describe('money that reaches everyone', () => {
  let server: E2EServer;
  let standIn: PaystackStandIn;
  let owner: Awaited<ReturnType<typeof createAccount>>;
  let restaurantId: string;

  test.beforeAll(async () => {
    server = await own.server();
    standIn = await own.paystack();
    standIn.transfers.balances.set('GHS', GHS_BALANCE);
    standIn.transfers.nameAccount(OWNER_MOMO.number, OWNER_MOMO.holder);
    standIn.transfers.nameAccount(RIDER_BANK.number, RIDER_BANK.holder);
    owner = await createAccount(server.origin, 'restaurant', { avatar: (await imageFiles()).profilePicture });
    const restaurant = await insertRestaurant(server.app.db, { ownerId: owner.session.user.id, name: RESTAURANT });
    restaurantId = restaurant.id;
    await insertMenuItem(server.app.db, { restaurantId, name: DISH, price: 4500, category: 'Main Course' });
  });

  test("a customer's fee and tip reach the rider, the food the restaurant, and the admin pays both out to zero", async ({
    newPage,
  }) => {
    test.setTimeout(120_000);
    const rider = await createDriver(server.origin, { label: 'rider' });
    const customer = await createAccount(server.origin, 'customer');

    const admin = await newPage();
    const adminNav = admin.getByRole('navigation', { name: 'Admin Panel' });

    await test.step('the admin prices delivery in cedis and verifies the rider', async () => {
      await signInAt(admin, ADMIN, '/admin');
      await adminNav.getByRole('link', { name: 'Settings' }).click();
      const fees = admin.getByRole('form', { name: 'Delivery fees' });
      await expect(fees.getByText('No currency has delivery fees: every order delivers free.')).toBeVisible();
      await expect(fees.getByRole('textbox', { name: 'Road factor' })).toHaveValue('1.3');
      await expect(fees.getByRole('textbox', { name: "Platform's share of delivery fees (%)" })).toHaveValue('20');
      await fees.getByRole('button', { name: 'Add currency' }).click();
      await choose(
        admin,
        fees.getByRole('group', { name: 'Delivery fees in new currency 1' }).getByRole('combobox', { name: 'Currency' }),
        'GH₵ GHS',
      );
      const cedis = fees.getByRole('group', { name: 'Delivery fees in GH₵ GHS' });
      await cedis.getByRole('textbox', { name: 'Base fee (GH₵)' }).fill('8.00');
      await cedis.getByRole('textbox', { name: 'Per-km fee (GH₵)' }).fill('1.50');
      await cedis.getByRole('textbox', { name: 'Included distance (km)' }).fill('3');
      await cedis.getByRole('textbox', { name: 'Maximum distance (km)' }).fill('15');
      const updated = appears(admin.getByText(DELIVERY_SETTINGS_MESSAGES.updated));
      await fees.getByRole('button', { name: 'Save delivery fees' }).click();
      await updated;
      await expect(cedis.getByRole('textbox', { name: 'Base fee (GH₵)' })).toHaveValue('8.00');

      await adminNav.getByRole('link', { name: 'Drivers' }).click();
      const card = admin.getByRole('article', { name: rider.fullName });
      await expect(card.getByText('Not Verified', { exact: true })).toBeVisible();
      const verified = appears(admin.getByText(ADMIN_DRIVER_MESSAGES.verified, { exact: true }));
      await card.getByRole('button', { name: `Verify ${rider.fullName}` }).click();
      await verified;
      await expect(card.getByText('Verified', { exact: true })).toBeVisible();
    });

    const { riderPage, riderDeliveries } = await test.step('the rider goes online near the restaurant', async () => {
      const page = await newPage(phoneAt(RIDER_START));
      const realtime = watchRealtime(page);
      await signInAt(page, rider, '/driver');
      await realtime.subscribedTo(topics.ordersReady());
      await realtime.subscribedTo(topics.driver(rider.session.user.id));
      const online = appears(page.getByText(DRIVER_MESSAGES.nowAvailable));
      const positioned = page.waitForResponse(
        (response) => response.url().endsWith('/api/drivers/me/location') && response.request().method() === 'PUT',
      );
      await page.getByRole('button', { name: 'Go Online' }).click();
      expect((await positioned).status()).toBe(200);
      await online;
      return { riderPage: page, riderDeliveries: page.getByRole('tab', { name: /^My Deliveries/ }) };
    });

    const { orderCard, orderId, code } = await test.step('the customer sees the fee, tips and pays cash', async () => {
      const page = await newPage(phoneAt(CUSTOMER_HOME));
      const realtime = watchRealtime(page);
      await signInAt(page, customer, '/customer');
      await page.getByRole('button', { name: 'Use my location' }).click();
      await expect(page.getByText('Delivery fees are to your location.')).toBeVisible();
      const restaurantLink = page.getByRole('link', { name: RESTAURANT });
      const restaurantCard = page.getByRole('article').filter({ has: restaurantLink });
      await expect(restaurantCard.getByText('Delivery GH₵9.50', { exact: true })).toBeVisible();
      await restaurantLink.click();
      await page.getByRole('button', { name: `Add ${DISH} to cart` }).click();
      await page.getByRole('link', { name: /Checkout$/ }).click();
      await expect(page).toHavePath('/customer/checkout');

      await page.getByLabel('Delivery address').fill('Flat 4B, Airport Residential Area, near the Shell station');
      // The place given on the restaurant list is the checkout's pin.
      await expect(
        page.getByText(`Pin at ${CUSTOMER_HOME.latitude.toFixed(6)}, ${CUSTOMER_HOME.longitude.toFixed(6)}`),
      ).toBeVisible();
      const total = page.getByLabel('Order total');
      await expect(valueOf(total, 'Subtotal')).toHaveText('GH₵45.00');
      await expect(valueOf(total, 'Delivery fee')).toHaveText('GH₵9.50');
      await expect(valueOf(total, 'Tip')).toHaveText('GH₵0.00');
      await expect(valueOf(total, 'Total')).toHaveText('GH₵54.50');

      const tips = page.getByRole('radiogroup', { name: 'Tip your rider' });
      await expect(tips.getByRole('radio')).toHaveText(['None', 'GH₵3.005%', 'GH₵5.0010%', 'GH₵7.0015%', 'Other']);
      await tips.getByRole('radio', { name: 'GH₵5.00 (10%)' }).click();
      await expect(valueOf(total, 'Tip')).toHaveText('GH₵5.00');
      await expect(valueOf(total, 'Total')).toHaveText('GH₵59.50');
      await expect(page.getByRole('radio', { name: /^Cash on delivery/ })).toHaveAttribute('aria-checked', 'true');

      const placed = appears(page.getByText(/: pay GH₵59\.50 in cash when it arrives\.$/));
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page).toHavePath('/customer/orders');
      await placed;

      const card = page.getByRole('article', { name: RESTAURANT });
      await expect(status(card, 'Confirmed')).toBeVisible();
      await expect(valueOf(card, 'Subtotal')).toHaveText('GH₵45.00');
      await expect(valueOf(card, 'Delivery fee')).toHaveText('GH₵9.50');
      await expect(valueOf(card, 'Tip')).toHaveText('GH₵5.00');
      await expect(valueOf(card, 'Total')).toHaveText('GH₵59.50');
      await expect(card.getByText('Cash on delivery', { exact: true })).toBeVisible();

      const [row] = await server.app.db
        .select({ id: orders.id, deliveryFee: orders.deliveryFee, tipAmount: orders.tipAmount, totalAmount: orders.totalAmount })
        .from(orders)
        .where(and(eq(orders.customerId, customer.session.user.id), eq(orders.restaurantId, restaurantId)));
      expect(row).toMatchObject({ deliveryFee: 950, tipAmount: 500, totalAmount: 4500 });
      await realtime.subscribedTo(topics.order(row!.id));
      const deliveryCode = (await card.getByText(/^\d{6}$/).textContent())?.trim() ?? '';
      expect(deliveryCode).toMatch(/^\d{6}$/);
      return { orderCard: card, orderId: row!.id, code: deliveryCode };
    });
    const shortId = shortOrderId(orderId);

    const ownerPage =
      await test.step('the kitchen prepares the order and marks it ready: it is offered to the rider, who accepts', async () => {
        const page = await newPage(PHONE);
        const realtime = watchRealtime(page);
        await signInAt(page, owner, '/restaurant');
        await realtime.subscribedTo(topics.restaurant(restaurantId));
        const onBoard = page.getByRole('article', { name: `Order ${shortId}` });
        await onBoard.getByRole('button', { name: 'Start Preparing' }).click();
        await expect(status(onBoard, 'Preparing')).toBeVisible();
        const offered = appears(page.getByText(DISPATCH_MESSAGES.offered, { exact: true }));
        const toldRider = appears(riderPage.getByText(DRIVER_MESSAGES.offer).first());
        await onBoard.getByRole('button', { name: 'Mark Ready' }).click();
        await offered;
        await toldRider;
        await riderPage.getByRole('button', { name: DRIVER_MESSAGES.offerAccept }).click();
        await expect(status(onBoard, 'En Route to Restaurant')).toBeVisible();
        return page;
      });

    await test.step('the rider picks it up, delivers it against the code and sees the earning', async () => {
      await riderDeliveries.click();
      const delivery = riderPage.getByRole('tabpanel');
      await expect(delivery.getByText(RESTAURANT)).toBeVisible();
      await expect(delivery.getByText('GH₵59.50', { exact: true })).toBeVisible();
      await expect(delivery.getByText('GH₵12.60', { exact: true })).toBeVisible();
      const pickedUp = appears(riderPage.getByText(DRIVER_MESSAGES.pickedUp));
      await delivery.getByRole('button', { name: 'Picked Up' }).click();
      await pickedUp;
      await delivery.getByRole('button', { name: 'Complete Delivery' }).click();
      const dialog = riderPage.getByRole('dialog', { name: 'Verify Delivery Code' });
      await dialog.getByRole('textbox', { name: 'Delivery code' }).fill(code);
      const completed = appears(riderPage.getByText(DRIVER_MESSAGES.completed));
      await dialog.getByRole('button', { name: 'Verify & Complete' }).click();
      await completed;
      await expect(status(orderCard, 'Delivered')).toBeVisible();

      await riderPage.getByRole('navigation', { name: 'Driver' }).getByRole('link', { name: 'Earnings' }).click();
      await expect(riderPage).toHavePath('/driver/earnings');
      const totals = riderPage.getByLabel('Your earnings');
      await expect(valueOf(totals, 'Today')).toContainText('GH₵12.60');
      await expect(valueOf(totals, 'Today')).toContainText('1 delivery');
      await expect(valueOf(totals, 'Owed to you')).toHaveText('GH₵12.60');
      await expect(valueOf(totals, 'Cash you hold')).toHaveText('GH₵59.50');
      const deliveries = riderPage.getByRole('list', { name: 'Deliveries' }).getByRole('listitem');
      await expect(deliveries).toHaveCount(1);
      await expect(deliveries.first()).toContainText(`${RESTAURANT} · #${shortId}`);
      await expect(deliveries.first()).toContainText('Your part of the fee GH₵7.60 · Tip GH₵5.00');
      await expect(deliveries.first()).toContainText('Earned GH₵12.60');
    });

    await test.step("the restaurant's statement shows the payout due", async () => {
      await ownerPage.getByRole('navigation', { name: 'Restaurant' }).getByRole('link', { name: 'Statement' }).click();
      await expect(ownerPage).toHavePath('/restaurant/manager/statement');
      const entries = ownerPage.getByRole('list', { name: 'Entries' }).getByRole('listitem');
      await expect(entries).toHaveCount(1);
      await expect(entries.first()).toContainText(`Order delivered · #${shortId}`);
      await expect(entries.first()).toContainText('Cash');
      await expect(valueOf(entries.first(), 'Amount')).toHaveText('+GH₵40.50');
      await expect(valueOf(entries.first(), 'Balance')).toHaveText('GH₵40.50');
      const balances = ownerPage.getByLabel('Balances');
      await expect(valueOf(balances, 'Opening balance')).toHaveText('GH₵0.00');
      await expect(valueOf(balances, 'Closing balance')).toHaveText('GH₵40.50');
    });

    await test.step('the owner and the rider each add a payout account', async () => {
      await ownerPage.getByRole('link', { name: 'Back to Sales' }).click();
      await ownerPage.getByRole('link', { name: 'Payout account' }).click();
      await expect(ownerPage).toHavePath('/restaurant/manager/payout-account');
      const ownerForm = ownerPage.getByRole('form', { name: 'Payout account' });
      await ownerForm.getByRole('radio', { name: 'Mobile money' }).click();
      await choose(ownerPage, ownerForm.getByRole('combobox', { name: 'Mobile money provider' }), 'MTN Mobile Money');
      await ownerForm.getByRole('textbox', { name: 'Mobile money number' }).fill(OWNER_MOMO.number);
      await savePayoutAccount(ownerPage, OWNER_MOMO, '4567', 'MTN Mobile Money');

      await riderPage.getByRole('navigation', { name: 'Driver' }).getByRole('link', { name: 'Payouts' }).click();
      await expect(riderPage).toHavePath('/driver/payout-account');
      const riderForm = riderPage.getByRole('form', { name: 'Payout account' });
      await expect(riderForm.getByRole('radio', { name: 'Ghana' })).toHaveAttribute('aria-checked', 'true');
      await expect(riderForm.getByRole('radio', { name: 'Bank account' })).toHaveAttribute('aria-checked', 'true');
      await choose(riderPage, riderForm.getByRole('combobox', { name: 'Bank' }), 'Ecobank Ghana');
      await riderForm.getByRole('textbox', { name: 'Account number' }).fill(RIDER_BANK.number);
      await savePayoutAccount(riderPage, RIDER_BANK, '7890', 'Ecobank Ghana');

      // Both keep their statement and earnings open while they are paid: the pages follow it live.
      await ownerPage.goBack();
      await ownerPage.getByRole('link', { name: 'Statement' }).click();
      await expect(ownerPage).toHavePath('/restaurant/manager/statement');
      await riderPage.getByRole('navigation', { name: 'Driver' }).getByRole('link', { name: 'Earnings' }).click();
      await expect(valueOf(riderPage.getByLabel('Your earnings'), 'Owed to you')).toHaveText('GH₵12.60');
    });

    await test.step('the admin pays both out, and Paystack completes the transfers', async () => {
      await adminNav.getByRole('link', { name: 'Payouts' }).click();
      await expect(admin).toHavePath('/admin/payouts');
      await expect(admin.getByRole('region', { name: 'Paystack balance' }).getByText('GH₵1,000.00')).toBeVisible();
      const due = admin.getByRole('table', { name: 'Who is owed' });
      const kitchenRow = due.getByRole('row').filter({ hasText: RESTAURANT });
      const riderRow = due.getByRole('row').filter({ hasText: rider.fullName });
      await expect(kitchenRow.getByRole('cell')).toHaveText(['GH₵40.50', 'Yes', /None/, /Pay out/]);
      await expect(riderRow.getByRole('cell')).toHaveText(['GH₵12.60', 'Yes', /None/, /Pay out/]);
      await expectPhoneReady(admin);

      await kitchenRow.getByRole('button', { name: `Pay out GH₵40.50 to ${RESTAURANT}` }).click();
      const confirm = admin.getByRole('alertdialog', { name: `Pay GH₵40.50 to ${RESTAURANT}?` });
      const started = appears(admin.getByText(`GH₵40.50 to ${RESTAURANT}`, { exact: true }));
      await confirm.getByRole('button', { name: 'Pay out GH₵40.50' }).click();
      await started;
      await expect(kitchenRow).toBeHidden();

      await admin.getByRole('button', { name: 'Pay everyone due in GH₵' }).click();
      const everyone = admin.getByRole('alertdialog', { name: 'Pay everyone due in GH₵?' });
      await expect(everyone.getByText('Paystack sends GH₵12.60 in total to 1 payee with a payout account.')).toBeVisible();
      const startedAll = appears(admin.getByText('1 payout started', { exact: true }));
      await everyone.getByRole('button', { name: 'Pay GH₵12.60' }).click();
      await startedAll;
      await expect(admin.getByText('Nobody is owed anything right now')).toBeVisible();

      // Paystack takes both transfers, then reports each done with its signed transfer.success.
      await expect
        .poll(() => [...standIn.transfers.transfers.values()].map((transfer) => transfer.status))
        .toEqual(['pending', 'pending']);
      const transfers = [...standIn.transfers.transfers.values()];
      const paid = transfers.map(({ amount, currency, recipientCode }) => ({
        amount,
        currency,
        accountNumber: standIn.transfers.recipients.get(recipientCode)?.accountNumber,
      }));
      expect(paid.sort((a, b) => a.amount - b.amount)).toEqual([
        { amount: 1260, currency: 'GHS', accountNumber: RIDER_BANK.number },
        { amount: 4050, currency: 'GHS', accountNumber: OWNER_MOMO.number },
      ]);
      expect(standIn.transfers.balances.get('GHS')).toBe(GHS_BALANCE - 5310);
      for (const transfer of transfers) {
        standIn.transfers.settle(transfer.reference, 'success');
        expect(await standIn.transfers.sendWebhook(standIn.webhookUrl!, transfer.reference)).toBe(200);
      }

      const recent = admin.getByRole('region', { name: 'Recent payouts' });
      for (const name of [`GH₵40.50 to ${RESTAURANT}`, `GH₵12.60 to ${rider.fullName}`]) {
        await expect(recent.getByRole('article', { name }).getByText('Payout status: Paid')).toBeVisible();
      }
    });

    await test.step('the admin records the cash the rider hands in', async () => {
      await adminNav.getByRole('link', { name: 'Drivers' }).click();
      await admin.getByPlaceholder(ADMIN_DRIVER_MESSAGES.searchPlaceholder).fill(rider.fullName);
      const card = admin.getByRole('article', { name: rider.fullName });
      await expect(valueOf(card, 'Cash held')).toHaveText('GH₵59.50');
      await card.getByRole('button', { name: `Record cash handed in by ${rider.fullName}` }).click();
      const dialog = admin.getByRole('dialog', { name: 'Record cash handed in' });
      await expect(dialog.getByText(`${rider.fullName} holds GH₵59.50 in cash.`)).toBeVisible();
      await dialog.getByRole('textbox', { name: 'Amount (GH₵)' }).fill('59.50');
      await dialog.getByRole('textbox', { name: 'Reference' }).fill('RCPT-2211');
      await dialog.getByRole('textbox', { name: 'Received by' }).fill('Abena Office');
      const recorded = appears(admin.getByText(`GH₵59.50 from ${rider.fullName}`));
      await dialog.getByRole('button', { name: 'Record hand-in' }).click();
      await recorded;
      await expect(dialog).toBeHidden();
      await expect(valueOf(card, 'Cash held')).toHaveText('GH₵0.00');
    });

    await test.step("the balances reach zero on the restaurant's statement and the rider's earnings, as they happen", async () => {
      // Neither page was reloaded: the payouts and the hand-in reached them on their realtime topics.
      await expect(ownerPage).toHavePath('/restaurant/manager/statement');
      const entries = ownerPage.getByRole('list', { name: 'Entries' }).getByRole('listitem');
      await expect(entries).toHaveCount(2);
      await expect(entries.last()).toContainText('Payout sent');
      await expect(valueOf(entries.last(), 'Amount')).toHaveText('-GH₵40.50');
      await expect(valueOf(entries.last(), 'Balance')).toHaveText('GH₵0.00');
      await expect(valueOf(ownerPage.getByLabel('Balances'), 'Closing balance')).toHaveText('GH₵0.00');

      await expect(riderPage).toHavePath('/driver/earnings');
      const totals = riderPage.getByLabel('Your earnings');
      await expect(valueOf(totals, 'Today')).toContainText('GH₵12.60');
      await expect(valueOf(totals, 'Owed to you')).toHaveText('GH₵0.00');
      await expect(valueOf(totals, 'Cash you hold')).toHaveText('GH₵0.00');
      const handedIn = riderPage.getByRole('list', { name: 'Cash handed in' }).getByRole('listitem');
      await expect(handedIn).toHaveCount(1);
      await expect(handedIn.first()).toContainText('Handed in GH₵59.50');
      await expect(handedIn.first()).toContainText('Ref. RCPT-2211 · received by Abena Office');
    });
  });
});
