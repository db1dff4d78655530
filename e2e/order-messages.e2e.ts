import { eq } from 'drizzle-orm';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { shortOrderId } from '@shared/orders/schemas.js';
import { drivers, orders, smsOutbox } from '../src/server/db/schema.js';
import { insertMenuItem, insertRestaurant } from '../src/server/restaurants/testFixtures.js';
import { startPushEndpoint, type BrowserSubscription, type PushEndpoint } from '../src/server/test/pushEndpoint.js';
import { startAfricasTalkingStandIn } from '../src/server/test/smsProviders.js';
import { createAccount, createDriver, newAccount } from './support/accounts.js';
import { callApi } from './support/api.js';
import { imageFiles } from './support/files.js';
import { startServer, type E2EServer } from './support/server.js';
import { expect, forThisFile, servedBy } from './support/test.js';
import { appears } from './support/toasts.js';

const RESTAURANT = 'Labone Waakye Joint';
const DISH = 'Waakye Special';
const REPORT_SECRET = 'e2e-sms-delivery-report-secret-0123456789';
/** Near the restaurant (insertRestaurant's pin), so dispatch gives the ready order to the rider. */
const RIDER_AT = { latitude: 5.5565, longitude: -0.1821 };

/**
 * SMS go through a local Africa's Talking stand-in and push messages to a local push service that
 * checks their encryption and VAPID signature: a server of its own, with both addresses.
 */
const started = forThisFile(async () => {
  const sms = await startAfricasTalkingStandIn();
  const push = await startPushEndpoint();
  const server = await startServer({
    env: { ...sms.settings, SMS_REPORT_SECRET: REPORT_SECRET, PUSH_SERVICE_ORIGINS: push.origin },
  });
  return {
    sms,
    push,
    server,
    async close() {
      await server.close();
      await Promise.all([sms.close(), push.close()]);
    },
  };
});
const test = servedBy(async () => (await started()).server);

/** A device of the account subscribed to push, as the notification button does once the browser has subscribed. */
async function subscribeDevice(server: E2EServer, push: PushEndpoint, token: string): Promise<BrowserSubscription> {
  const { publicKey } = await callApi(server.origin, '/api/push/key', token);
  const subscription = push.subscribe(String(publicKey));
  const response = await fetch(`${server.origin}/api/push/subscriptions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(subscription),
  });
  expect(response.status).toBe(204);
  return subscription;
}

test('a cash order through the kitchen and the rider texts the customer three times and pushes to the kitchen and the rider, never the code', async ({
  signedIn,
}) => {
  test.setTimeout(120_000);
  const { server, sms, push } = await started();
  const db = server.app.db;
  const owner = await createAccount(server.origin, 'restaurant', { avatar: (await imageFiles()).profilePicture });
  const restaurant = await insertRestaurant(db, { ownerId: owner.session.user.id, name: RESTAURANT });
  await insertMenuItem(db, { restaurantId: restaurant.id, name: DISH, price: 3500, category: 'Main Course' });
  const rider = await createDriver(server.origin, { label: 'kwame' });
  await db.update(drivers).set({ isVerified: true }).where(eq(drivers.userId, rider.session.user.id));
  const riderToken = rider.session.accessToken;
  await callApi(server.origin, '/api/drivers/me/location', riderToken, { method: 'PUT', body: RIDER_AT });
  await callApi(server.origin, '/api/drivers/me/availability', riderToken, { method: 'PATCH', body: { available: true } });
  const kitchenDevice = await subscribeDevice(server, push, owner.session.accessToken);
  const riderDevice = await subscribeDevice(server, push, riderToken);
  const customer = await createAccount(server.origin, 'customer', { account: { ...newAccount('ama'), phone: '024 412 3456' } });

  // The customer keeps the SMS but turns off the email of the kitchen accepting, on their settings page.
  const shopper = await signedIn(customer, '/customer');
  await shopper.goto('/settings/notifications');
  const saved = appears(shopper.getByText('Your notification settings are saved'));
  await shopper.getByRole('switch', { name: 'Email: The kitchen accepted my order' }).click();
  await saved;
  await expect(shopper.getByRole('switch', { name: 'Email: The kitchen accepted my order' })).not.toBeChecked();

  await shopper.goto('/customer');
  await shopper.getByRole('link', { name: RESTAURANT }).click();
  await shopper.getByRole('button', { name: `Add ${DISH} to cart` }).click();
  await shopper.getByRole('link', { name: /Checkout$/ }).click();
  await shopper.getByLabel('Delivery address').fill('5 Fourth Circular Road, Cantonments');
  await expect(shopper.getByRole('textbox', { name: 'Phone number' })).toHaveValue('024 412 3456');
  await shopper.getByRole('button', { name: /^Place Order/ }).click();
  await expect(shopper).toHavePath('/customer/orders');
  const [order] = await db.select().from(orders).where(eq(orders.customerId, customer.session.user.id));
  const shortId = shortOrderId(order!.id);

  // The kitchen's device hears of the new order, with no name, phone or address in it.
  await expect
    .poll(() => push.received(kitchenDevice.endpoint))
    .toEqual([
      {
        title: `New order #${shortId}`,
        body: '1 item · GH₵35.00',
        url: '/restaurant/dashboard',
        tag: expect.any(String),
      },
    ]);

  const board = await signedIn(owner, '/restaurant');
  const card = board.getByRole('article', { name: `Order ${shortId}` });
  await card.getByRole('button', { name: 'Start Preparing' }).click();
  await expect(card.getByText('Status: Preparing', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Mark Ready' }).click();
  await expect(card.getByText('Status: Ready', { exact: true })).toBeVisible();

  // Dispatch offered the order to the rider nearby: their phone hears of it.
  await expect
    .poll(() => push.received(riderDevice.endpoint))
    .toEqual([
      {
        title: `Order #${shortId} offered to you`,
        body: 'Accept it within 45 s on your dashboard.',
        url: '/driver',
        tag: expect.any(String),
      },
    ]);
  // The rider accepts it, picks it up and hands it over against the customer's code, on their own page.
  const riding = await signedIn(rider, '/driver');
  await riding.getByRole('button', { name: DRIVER_MESSAGES.offerAccept }).click();
  await expect(card.getByText('Status: En Route to Restaurant', { exact: true })).toBeVisible();
  await riding.getByRole('tab', { name: 'My Deliveries (1)' }).click();
  const delivery = riding.getByRole('tabpanel');
  await delivery.getByRole('button', { name: 'Picked Up' }).click();
  await expect(riding.getByText(DRIVER_MESSAGES.pickedUp)).toBeVisible();
  await delivery.getByRole('button', { name: 'Complete Delivery' }).click();
  const dialog = riding.getByRole('dialog', { name: 'Verify Delivery Code' });
  await dialog.getByRole('textbox', { name: 'Delivery code' }).fill(order!.deliveryCode);
  await dialog.getByRole('button', { name: 'Verify & Complete' }).click();
  await expect(riding.getByText(DRIVER_MESSAGES.completed)).toBeVisible();

  const texts = await sms.waitForMessages(3);
  expect(texts.map(({ to, text }) => ({ to, text }))).toEqual([
    { to: '+233244123456', text: `ChopChop: ${RESTAURANT} accepted your order #${shortId} and is cooking it.` },
    {
      to: '+233244123456',
      text: `ChopChop: Kwame picked up your order #${shortId} from ${RESTAURANT} and is on the way. Call Kwame: tel:+233241234567`,
    },
    { to: '+233244123456', text: `ChopChop: your order #${shortId} from ${RESTAURANT} was delivered. Enjoy your meal!` },
  ]);
  expect(texts.some(({ text }) => text.includes(order!.deliveryCode))).toBe(false);
  expect(push.problems).toEqual([]);

  // The provider's delivery reports reach the app on its secret address and are kept per message.
  const reports = `${server.origin}/api/sms/reports/africastalking/${REPORT_SECRET}`;
  expect(await sms.sendReport(reports, texts[0]!.messageId, 'Success')).toBe(200);
  expect(await sms.sendReport(reports, texts[1]!.messageId, 'Failed', 'AbsentSubscriber')).toBe(200);
  const outcome = async () =>
    (await db.select().from(smsOutbox).orderBy(smsOutbox.createdAt)).map(({ status, reason }) => ({ status, reason }));
  await expect.poll(outcome).toEqual([
    { status: 'delivered', reason: null },
    { status: 'failed', reason: 'Failed: AbsentSubscriber' },
    { status: 'sent', reason: null },
  ]);
  expect(sms.messages).toHaveLength(3);
  expect(push.received()).toHaveLength(2);
});
