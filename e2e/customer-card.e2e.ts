import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderViewSchema } from '@shared/orders/schemas.js';
import { customerOrderPageSchema } from '@shared/orders/views.js';
import { topics } from '@shared/realtime/events.js';
import { insertMenuItem, insertRestaurant } from '../src/server/restaurants/testFixtures.js';
import { startPaystackStandIn, TEST_PAYSTACK_KEYS, type PaystackStandIn } from '../src/server/test/paystack.js';
import { createAccount } from './support/accounts.js';
import { signIn } from './support/authPage.js';
import { buildClient, removeClient } from './support/buildClient.js';
import { expectHidden, expectPath, expectVisible } from './support/expect.js';
import { imageFiles } from './support/files.js';
import { PHONE, useE2E } from './support/harness.js';
import { watchRealtime } from './support/realtime.js';
import { startServer, type E2EServer } from './support/server.js';

const RESTAURANT = 'Osu Jollof Corner';
const ADDRESS = '14 Ring Road East, Osu, near the Danquah Circle';

type Account = Awaited<ReturnType<typeof createAccount>>;

describe('paying by card', () => {
  const t = useE2E();
  let standIn: PaystackStandIn;
  let server: E2EServer;
  let clientDir: string;
  let owner: Account;
  let restaurantId: string;

  /** The app takes cards through a local Paystack stand-in, whose 'Pay' sends its webhook back to the app. */
  beforeAll(async () => {
    standIn = await startPaystackStandIn();
    clientDir = await buildClient();
    server = await startServer({
      clientDir,
      smtpUrl: '',
      env: {
        ...TEST_PAYSTACK_KEYS,
        PAYSTACK_API_URL: standIn.url,
        PAYSTACK_SCRIPT_URL: `${standIn.url}/inline.js`,
        // Only the browser's verify and the webhook complete payments here, not the background sweep.
        PAYMENT_SWEEP_SECONDS: '0',
      },
    });
    standIn.webhookUrl = `${server.origin}/api/payments/paystack/webhook`;
    t.origin = server.origin;
    t.allowedOrigins = [standIn.url];

    owner = await createAccount(server.origin, 'restaurant', { avatar: (await imageFiles()).profilePicture });
    const db = server.app.db;
    restaurantId = (await insertRestaurant(db, { ownerId: owner.session.user.id, name: RESTAURANT })).id;
    await insertMenuItem(db, { restaurantId, name: 'Jollof Rice', price: 4500, category: 'Main Course' });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    await standIn?.close();
    if (clientDir) removeClient(clientDir);
  });

  const mine = async (customer: Account) => {
    const response = await fetch(`${server.origin}/api/orders/mine`, {
      headers: { authorization: `Bearer ${customer.session.accessToken}` },
    });
    return customerOrderPageSchema.parse(await response.json()).items;
  };

  /** A signed-in customer with a Jollof Rice in the cart, at the checkout with the address typed, card chosen. */
  async function cardCheckout(customer: Account): Promise<Page> {
    const page = await t.newPage(PHONE);
    await page.goto('/auth');
    await signIn(page, customer.email, customer.password);
    await expectPath(page, '/customer');
    await page.getByRole('link', { name: RESTAURANT }).click();
    await page.getByRole('button', { name: 'Add Jollof Rice to cart' }).click();
    await page.getByRole('link', { name: /Checkout$/ }).click();
    await expectPath(page, '/customer/checkout');
    await page.getByLabel('Delivery address').fill(ADDRESS);
    const cash = page.getByRole('radio', { name: /Cash on delivery/ });
    expect(await cash.getAttribute('aria-checked')).toBe('true');
    await page.getByRole('radio', { name: /Pay with card/ }).click();
    return page;
  }

  /** Starts the payment and answers the stand-in's payment page with 'Pay' or 'Cancel'. */
  async function payAndAnswer(page: Page, answer: 'Pay' | 'Cancel') {
    await page.getByRole('button', { name: 'Pay GH₵45.00' }).click();
    const checkout = page.frameLocator('iframe[title="Paystack checkout"]');
    await expectVisible(checkout.getByText('GHS 45.00'));
    await checkout.getByRole('button', { name: answer, exact: true }).click();
    await expectHidden(page.locator('iframe[title="Paystack checkout"]'));
  }

  it("pays in Paystack's popup, shows the order pending in My Orders, and the kitchen sees it live", async () => {
    const board = await t.newPage();
    const boardRealtime = watchRealtime(board);
    await board.goto('/auth');
    await signIn(board, owner.email, owner.password);
    await expectPath(board, '/restaurant');
    await boardRealtime.subscribedTo(topics.restaurant(restaurantId));

    const customer = await createAccount(server.origin, 'customer');
    const page = await cardCheckout(customer);
    await payAndAnswer(page, 'Pay');

    await expectPath(page, '/customer/orders');
    await expectVisible(page.getByText('Order placed!'));
    const card = page.getByRole('article', { name: RESTAURANT });
    await expectVisible(card.getByText('Pending'));
    await expectVisible(card.getByText('Paid by card'));
    await expectVisible(card.getByText('GH₵45.00'));
    await expectHidden(page.getByRole('link', { name: /Checkout$/ }));

    const orders = await mine(customer);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'pending', paymentMethod: 'paystack-card', totalAmount: 4500 });

    await expectVisible(board.getByText('New Order!'));
    const onBoard = board.getByRole('article', { name: `Order ${orders[0]!.shortId}` });
    await expectVisible(onBoard.getByText('Paid by card'));
    await expectVisible(onBoard.getByText('Status: Pending', { exact: true }));
    await expectVisible(onBoard.getByRole('button', { name: 'Confirm Order' }));

    // The kitchen cancelling it is told the card payment goes back, and Paystack refunds it.
    await onBoard.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = board.getByRole('alertdialog', { name: `Cancel order ${orders[0]!.shortId}?` });
    await expectVisible(dialog.getByText("The customer's card payment is refunded in full."));
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await expect.poll(async () => (await mine(customer))[0]?.paymentStatus).toBe('refunded');
  });

  it("says 'Payment cancelled' when the customer leaves the popup, and keeps the cart to try again", async () => {
    const customer = await createAccount(server.origin, 'customer');
    const page = await cardCheckout(customer);
    await payAndAnswer(page, 'Cancel');

    await expectVisible(page.getByText('Payment cancelled'));
    await expectPath(page, '/customer/checkout');
    await expectVisible(page.getByRole('region', { name: 'Order summary' }).getByText('Jollof Rice quantity: 1'));
    expect(await page.getByLabel('Delivery address').inputValue()).toBe(ADDRESS);
    await expectVisible(page.getByRole('button', { name: 'Pay GH₵45.00' }));
    expect(await page.getByRole('button', { name: 'Pay GH₵45.00' }).isEnabled()).toBe(true);
    expect(await mine(customer)).toEqual([]);
  });

  it("makes exactly one order through Paystack's webhook when the browser never verifies", async () => {
    const customer = await createAccount(server.origin, 'customer');
    const page = await cardCheckout(customer);
    const verifies: string[] = [];
    await page.route('**/api/payments/card/intents/*/verify', (route) => {
      verifies.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    await payAndAnswer(page, 'Pay');

    await expectVisible(page.getByText(/^Payment error: we could not confirm your payment/));
    expect(verifies).toHaveLength(1);
    await expect.poll(async () => (await mine(customer)).length, { timeout: 10_000 }).toBe(1);
    const [order] = await mine(customer);
    expect(order).toMatchObject({ status: 'pending', paymentMethod: 'paystack-card', totalAmount: 4500 });

    // The verify the browser lost, sent again: it finds the webhook's order instead of making a second.
    const reference = new URL(verifies[0]!).pathname.split('/').at(-2)!;
    const verified = await fetch(`${server.origin}/api/payments/card/intents/${reference}/verify`, {
      method: 'POST',
      headers: { authorization: `Bearer ${customer.session.accessToken}` },
    });
    expect(orderViewSchema.parse(await verified.json()).id).toBe(order!.id);
    expect(await mine(customer)).toHaveLength(1);

    await page.getByRole('link', { name: 'My Orders' }).click();
    await expectVisible(page.getByRole('article', { name: RESTAURANT }).getByText('Pending'));
  });
});
