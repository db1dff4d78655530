import type { Page } from '@playwright/test';
import { orderViewSchema } from '@shared/orders/schemas.js';
import { customerOrderPageSchema } from '@shared/orders/views.js';
import { topics } from '@shared/realtime/events.js';
import { insertMenuItem, insertRestaurant } from '../src/server/restaurants/testFixtures.js';
import { createAccount } from './support/accounts.js';
import { signIn } from './support/authPage.js';
import { paystackJourney } from './support/paystackServer.js';
import { imageFiles } from './support/files.js';
import { watchRealtime } from './support/realtime.js';
import type { E2EServer } from './support/server.js';
import { expect, type SignedIn } from './support/test.js';
import { appears } from './support/toasts.js';

const RESTAURANT = 'Osu Jollof Corner';
const ADDRESS = '14 Ring Road East, Osu, near the Danquah Circle';

type Account = Awaited<ReturnType<typeof createAccount>>;

/** The app takes cards through a local Paystack stand-in, whose 'Pay' sends its webhook back to the app. */
const own = paystackJourney();
const test = own.test;

test.describe('paying by card', () => {
  let server: E2EServer;
  let owner: Account;
  let restaurantId: string;

  test.beforeAll(async () => {
    server = await own.server();
    owner = await createAccount(server.origin, 'restaurant', { avatar: (await imageFiles()).profilePicture });
    const db = server.app.db;
    restaurantId = (await insertRestaurant(db, { ownerId: owner.session.user.id, name: RESTAURANT })).id;
    await insertMenuItem(db, { restaurantId, name: 'Jollof Rice', price: 4500, category: 'Main Course' });
  });

  const mine = async (customer: Account) => {
    const response = await fetch(`${server.origin}/api/orders/mine`, {
      headers: { authorization: `Bearer ${customer.session.accessToken}` },
    });
    return customerOrderPageSchema.parse(await response.json()).items;
  };

  /** A signed-in customer with a Jollof Rice in the cart, at the checkout with the address typed, card chosen. */
  async function cardCheckout(signedIn: SignedIn, customer: Account): Promise<Page> {
    const page = await signedIn(customer, '/customer');
    await page.getByRole('link', { name: RESTAURANT }).click();
    await page.getByRole('button', { name: 'Add Jollof Rice to cart' }).click();
    await page.getByRole('link', { name: /Checkout$/ }).click();
    await expect(page).toHavePath('/customer/checkout');
    await page.getByLabel('Delivery address').fill(ADDRESS);
    const cash = page.getByRole('radio', { name: /Cash on delivery/ });
    expect(await cash.getAttribute('aria-checked')).toBe('true');
    await page.getByRole('radio', { name: /^Pay with card or mobile money/ }).click();
    return page;
  }

  /** Starts the payment and answers the stand-in's payment page with 'Pay' or 'Cancel'. */
  async function payAndAnswer(page: Page, answer: 'Pay' | 'Cancel') {
    await page.getByRole('button', { name: 'Pay GH₵45.00' }).click();
    const checkout = page.frameLocator('iframe[title="Paystack checkout"]');
    await expect(checkout.getByText('GHS 45.00')).toBeVisible();
    await checkout.getByRole('button', { name: answer, exact: true }).click();
    await expect(page.locator('iframe[title="Paystack checkout"]')).toBeHidden();
  }

  test("pays in Paystack's popup, shows the order pending in My Orders, and the kitchen sees it live", async ({
    newPage,
    signedIn,
  }) => {
    const board = await newPage();
    const boardRealtime = watchRealtime(board);
    await board.goto('/auth');
    await signIn(board, owner.email, owner.password);
    await expect(board).toHavePath('/restaurant');
    await boardRealtime.subscribedTo(topics.restaurant(restaurantId));

    const customer = await createAccount(server.origin, 'customer');
    const page = await cardCheckout(signedIn, customer);
    // Toasts fade after a few seconds: watched for from the moment the payment goes, not after the checks below.
    const announced = appears(board.getByText('New Order!'));
    const placed = appears(page.getByText('Order placed!'));
    await payAndAnswer(page, 'Pay');

    await expect(page).toHavePath('/customer/orders');
    await placed;
    const card = page.getByRole('article', { name: RESTAURANT });
    await expect(card.getByText('Pending')).toBeVisible();
    await expect(card.getByText('Paid by card')).toBeVisible();
    // The card shows the total in two places.
    await expect(card.getByText('GH₵45.00').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /Checkout$/ })).toBeHidden();

    const orders = await mine(customer);
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ status: 'pending', paymentMethod: 'paystack-card', totalAmount: 4500 });

    await announced;
    const onBoard = board.getByRole('article', { name: `Order ${orders[0]!.shortId}` });
    await expect(onBoard.getByText('Paid by card')).toBeVisible();
    await expect(onBoard.getByText('Status: Pending', { exact: true })).toBeVisible();
    await expect(onBoard.getByRole('button', { name: 'Confirm Order' })).toBeVisible();

    // The kitchen cancelling it is told the card payment goes back, and Paystack refunds it.
    await onBoard.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = board.getByRole('alertdialog', { name: `Cancel order ${orders[0]!.shortId}?` });
    await expect(dialog.getByText("The customer's card payment is refunded in full.")).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel Order' }).click();
    await expect.poll(async () => (await mine(customer))[0]?.paymentStatus).toBe('refunded');
  });

  test("says 'Payment cancelled' when the customer leaves the popup, and keeps the cart to try again", async ({ signedIn }) => {
    const customer = await createAccount(server.origin, 'customer');
    const page = await cardCheckout(signedIn, customer);
    await payAndAnswer(page, 'Cancel');

    await expect(page.getByText('Payment cancelled')).toBeVisible();
    await expect(page).toHavePath('/customer/checkout');
    await expect(page.getByRole('region', { name: 'Order summary' }).getByText('Jollof Rice quantity: 1')).toBeVisible();
    expect(await page.getByLabel('Delivery address').inputValue()).toBe(ADDRESS);
    await expect(page.getByRole('button', { name: 'Pay GH₵45.00' })).toBeVisible();
    expect(await page.getByRole('button', { name: 'Pay GH₵45.00' }).isEnabled()).toBe(true);
    expect(await mine(customer)).toEqual([]);
  });

  test("makes exactly one order through Paystack's webhook when the browser never verifies", async ({ signedIn }) => {
    const customer = await createAccount(server.origin, 'customer');
    const page = await cardCheckout(signedIn, customer);
    const verifies: string[] = [];
    await page.route('**/api/payments/card/intents/*/verify', (route) => {
      verifies.push(route.request().url());
      return route.abort('internetdisconnected');
    });
    await payAndAnswer(page, 'Pay');

    await expect(page.getByText(/^Payment error: we could not confirm your payment/)).toBeVisible();
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
    await expect(page.getByRole('article', { name: RESTAURANT }).getByText('Pending')).toBeVisible();
  });
});
