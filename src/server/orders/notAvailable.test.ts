import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { NOT_AVAILABLE_MESSAGES } from '@shared/orders/notAvailable.js';
import type { CardIntentView } from '@shared/payments/schemas.js';
import { topics, type RealtimeEvent } from '@shared/realtime/events.js';
import { drivers, emailOutbox, orders, payments, refunds, smsOutbox, uploads } from '../db/schema.js';
import { expectLedgerBalanced, orderPostings } from '../ledger/testLedger.js';
import { cardScene } from '../payments/testCard.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp, type TestContext } from '../test/app.js';
import { multipart, pngImage } from '../test/images.js';
import { paystackTestConfig, usePaystackStandIn } from '../test/paystack.js';
import { forceStatus, moveAs, openRestaurant, placeOrder, storedOrder, TEST_DELIVERY_PIN } from './testOrders.js';
import { listenForEvents } from '../test/raisedEvents.js';

type Inject = { statusCode: number; body: string; json<T = { error: { message: string } }>(): T };

/** The requests of the not-available close, for `t`'s app. */
function notAvailableRequests(t: TestContext) {
  const startWait = (user: TestUser, orderId: string) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/wait`, headers: user.authHeader });
  const close = async (user: TestUser, orderId: string, file?: { data: Buffer; filename: string; contentType?: string }) => {
    const form = multipart({}, { file: file ?? { data: await pngImage(), filename: 'door.png', contentType: 'image/png' } });
    return t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/not-available`,
      headers: { ...user.authHeader, ...form.headers },
      payload: form.payload,
    });
  };
  /** The driver's last position, `northMetres` north of the test delivery pin. */
  const placeDriver = (driverId: string, northMetres = 0) =>
    t.app.db
      .update(drivers)
      .set({
        latitude: TEST_DELIVERY_PIN.deliveryLatitude + northMetres / 111_195,
        longitude: TEST_DELIVERY_PIN.deliveryLongitude,
        lastLocationUpdate: sql`now()`,
      })
      .where(eq(drivers.userId, driverId));
  /** The wait as if its minutes had passed. */
  const endWait = (orderId: string) =>
    t.app.db
      .update(orders)
      .set({ waitStartedAt: sql`now() - interval '11 minutes'`, waitEndsAt: sql`now() - interval '1 minute'` })
      .where(eq(orders.id, orderId));
  /** An order out for delivery with `driverId`, its driver at the door. */
  async function atTheDoor(orderId: string, driverId: string) {
    await forceStatus(t, orderId, 'picked_up', driverId);
    await placeDriver(driverId);
  }
  return { startWait, close, placeDriver, endWait, atTheDoor };
}

const refusal = (res: Inject) => [res.statusCode, res.json().error.message];

describe("closing a delivery as 'Customer not available'", () => {
  const t = useTestApp();
  const { startWait, close, placeDriver, endWait, atTheDoor } = notAvailableRequests(t);

  async function outForDelivery() {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const order = await placeOrder(t, customer, kitchen);
    await atTheDoor(order.id, driver.userId);
    return { ...kitchen, customer, driver, order };
  }

  /** Every realtime event sent from now until the test ends. */
  async function listen() {
    const events: RealtimeEvent[] = [];
    const stop = await listenForEvents(t.database, (event) => events.push(event));
    onTestFinished(stop);
    return events;
  }

  it('waits at the door, then closes with a photo: its own final status, everyone told, nothing posted, the rider free', async () => {
    const { order, driver, customer, owner } = await outForDelivery();

    const events = await listen();
    const waited = await startWait(driver, order.id);
    expect(waited.statusCode, waited.body).toBe(200);
    const wait = waited.json<{ startedAt: string; endsAt: string }>();
    expect(Date.parse(wait.endsAt) - Date.parse(wait.startedAt)).toBe(10 * 60 * 1000);
    await vi.waitFor(() =>
      expect(events).toContainEqual({
        topic: topics.order(order.id),
        type: 'order.waiting',
        orderId: order.id,
        waitEndsAt: wait.endsAt,
      }),
    );
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: customer.authHeader });
    expect(mine.json()).toMatchObject({ status: 'picked_up', doorWait: wait, doorPhotoUrl: null });
    const deliveries = await t.app.inject({ method: 'GET', url: '/api/orders/deliveries', headers: driver.authHeader });
    expect(deliveries.json()).toMatchObject({ items: [{ id: order.id, doorWait: wait }] });
    const texts = await t.app.db.select().from(smsOutbox);
    expect(texts.map((text) => text.body)).toContainEqual(expect.stringMatching(/at your door .* waits 10 minutes/));

    expect(refusal(await close(driver, order.id))).toEqual([422, NOT_AVAILABLE_MESSAGES.waitNotOver(600)]);
    expect((await storedOrder(t, order.id))?.status).toBe('picked_up');

    await endWait(order.id);
    const closed = await close(driver, order.id);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'customer_unavailable', statusLabel: 'Customer not available' });
    await vi.waitFor(() => {
      const heard = events.filter((event) => event.type === 'order.status').map((event) => event.topic);
      expect(heard).toEqual(
        expect.arrayContaining([topics.order(order.id), topics.restaurant(order.restaurantId), topics.allOrders()]),
      );
    });

    const stored = await storedOrder(t, order.id);
    expect(stored?.status).toBe('customer_unavailable');
    const [photo] = await t.app.db.select().from(uploads).where(eq(uploads.bucket, 'door-photos'));
    expect(photo?.ownerId).toBe(driver.userId);
    expect(stored?.doorPhotoUrl).toBe(`/api/files/door-photos/${photo?.fileName}`);
    expect(await orderPostings(t.app.db, order.id)).toEqual([]);
    const mails = await t.app.db.select().from(emailOutbox);
    expect(mails.map((mail) => mail.subject)).toContainEqual(expect.stringMatching(/could not be delivered$/));
    const closedTexts = await t.app.db.select().from(smsOutbox);
    expect(closedTexts.map((text) => text.body)).toContainEqual(
      expect.stringMatching(/waited at your door .* could not reach you/),
    );

    const free = await t.app.inject({ method: 'GET', url: '/api/orders/deliveries', headers: driver.authHeader });
    expect(free.json()).toMatchObject({ items: [] });
    const board = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: owner.authHeader });
    expect(board.json()).toMatchObject({ audience: 'kitchen', statusLabel: 'Customer not available' });
  });

  it('shows the door photo to the customer and admins through a signed link, to nobody else', async () => {
    const { order, driver, customer } = await outForDelivery();
    expect((await startWait(driver, order.id)).statusCode).toBe(200);
    await endWait(order.id);
    expect((await close(driver, order.id)).statusCode).toBe(200);
    const bare = (await storedOrder(t, order.id))?.doorPhotoUrl ?? '';

    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: customer.authHeader });
    const signed = mine.json<{ doorPhotoUrl: string }>().doorPhotoUrl;
    expect(signed).toMatch(new RegExp(`^${bare}\\?expires=\\d+&sig=`));
    const shown = await t.app.inject({ method: 'GET', url: signed });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/webp');
    expect(shown.headers['cache-control']).toBe('private, no-store');

    const admin = await createUser(t, { role: 'admin' });
    const listed = await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: admin.authHeader });
    const adminLink = listed
      .json<{ items: { id: string; doorPhotoUrl: string }[] }>()
      .items.find((o) => o.id === order.id)?.doorPhotoUrl;
    expect((await t.app.inject({ method: 'GET', url: adminLink ?? '' })).statusCode).toBe(200);

    const other = await createUser(t, { role: 'customer' });
    expect((await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers: other.authHeader })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'GET', url: bare, headers: other.authHeader })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: bare, headers: customer.authHeader })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: bare })).statusCode).toBe(404);
  });

  it("refuses whoever is not the order's own driver: 404 to those who may not see it, 403 to those who may", async () => {
    const { order, customer, owner } = await outForDelivery();
    const stranger = await createUser(t, { role: 'driver', verifiedDriver: true });
    await placeDriver(stranger.userId);
    const admin = await createUser(t, { role: 'admin' });
    expect((await startWait(stranger, order.id)).statusCode).toBe(404);
    expect((await startWait(customer, order.id)).statusCode).toBe(403);
    expect((await startWait(owner, order.id)).statusCode).toBe(403);
    expect((await startWait(admin, order.id)).statusCode).toBe(403);
    await endWait(order.id);
    expect((await close(stranger, order.id)).statusCode).toBe(404);
    expect((await close(customer, order.id)).statusCode).toBe(403);
    expect((await storedOrder(t, order.id))?.status).toBe('picked_up');
    expect(await t.app.db.select().from(uploads)).toEqual([]);
  });

  it('lets the driver wait only out for delivery and at the pin, once', async () => {
    const { order, driver } = await outForDelivery();
    await forceStatus(t, order.id, 'accepted');
    expect(refusal(await startWait(driver, order.id))).toEqual([422, NOT_AVAILABLE_MESSAGES.onlyOutForDelivery]);
    expect(refusal(await close(driver, order.id))).toEqual([422, NOT_AVAILABLE_MESSAGES.onlyOutForDelivery]);

    await forceStatus(t, order.id, 'picked_up');
    await placeDriver(driver.userId, 600);
    const away = await startWait(driver, order.id);
    expect(away.statusCode).toBe(422);
    expect(away.json().error.message).toMatch(/^You are 60\d m from the delivery pin/);
    await t.app.db.update(drivers).set({ latitude: null, longitude: null }).where(eq(drivers.userId, driver.userId));
    expect(refusal(await startWait(driver, order.id))).toEqual([422, NOT_AVAILABLE_MESSAGES.noPosition]);

    await placeDriver(driver.userId, 200);
    const [first, second] = await Promise.all([startWait(driver, order.id), startWait(driver, order.id)]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
    expect(refusal(await startWait(driver, order.id))).toEqual([409, NOT_AVAILABLE_MESSAGES.alreadyWaiting]);
  });

  it('closes only after a wait, once, and never through a plain status change', async () => {
    const { order, driver } = await outForDelivery();
    expect(refusal(await close(driver, order.id))).toEqual([422, NOT_AVAILABLE_MESSAGES.notWaiting]);
    expect(refusal(await moveAs(t, driver, order.id, 'customer_unavailable'))).toEqual([422, NOT_AVAILABLE_MESSAGES.photoNeeded]);

    await startWait(driver, order.id);
    await endWait(order.id);
    const answers = await Promise.all([close(driver, order.id), close(driver, order.id)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    expect(refusal(await close(driver, order.id))).toEqual([409, 'This order is already customer not available']);
    expect(await t.app.db.select().from(uploads)).toHaveLength(1);
  });

  it('refuses a photo that is not an image, or none, and keeps the order out for delivery', async () => {
    const { order, driver } = await outForDelivery();
    await startWait(driver, order.id);
    await endWait(order.id);
    const text = await close(driver, order.id, {
      data: Buffer.from('not a picture at all'),
      filename: 'door.png',
      contentType: 'image/png',
    });
    expect(text.statusCode).toBe(415);
    const none = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/not-available`,
      headers: driver.authHeader,
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect((await storedOrder(t, order.id))?.status).toBe('picked_up');
    expect(await t.app.db.select().from(uploads)).toEqual([]);
  });

  it('tells an admin a cash order has no payment to decide', async () => {
    const { order, driver } = await outForDelivery();
    await startWait(driver, order.id);
    await endWait(order.id);
    expect((await close(driver, order.id)).statusCode).toBe(200);
    const admin = await createUser(t, { role: 'admin' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order.id}/payment-decision`,
      headers: admin.authHeader,
      payload: { decision: 'refunded' },
    });
    expect(refusal(res)).toEqual([422, NOT_AVAILABLE_MESSAGES.noPaymentDecision]);
  });
});

describe("a card order closed as 'Customer not available': an admin decides its payment, once", () => {
  const paystack = usePaystackStandIn();
  const t = useTestApp(() => paystackTestConfig(paystack));
  const { verify, openKitchen, startIntent, cart } = cardScene(t);
  const { startWait, close, endWait, atTheDoor } = notAvailableRequests(t);

  /** A card order of one Jollof (4 550) with a tip of 500, paid, which its rider closed as not available after the wait. */
  async function closedCardOrder() {
    const kitchen = await openKitchen();
    const customer = await createUser(t, { role: 'customer' });
    const started = await startIntent(
      customer,
      cart(kitchen.restaurant.id, [{ menuItemId: kitchen.jollof.id, quantity: 1 }], { tipAmount: 500 }),
    );
    expect(started.statusCode, started.body).toBe(201);
    const intent = started.json<CardIntentView>();
    paystack.pay(intent.reference);
    const paid = await verify(customer, intent.reference);
    expect(paid.statusCode, paid.body).toBe(200);
    const orderId = paid.json<{ id: string }>().id;
    const rider = await createUser(t, { role: 'driver', verifiedDriver: true });
    const admin = await createUser(t, { role: 'admin' });
    await atTheDoor(orderId, rider.userId);
    expect((await startWait(rider, orderId)).statusCode).toBe(200);
    await endWait(orderId);
    expect((await close(rider, orderId)).statusCode).toBe(200);
    return { ...kitchen, customer, intent, orderId, rider, admin };
  }
  const decide = (user: TestUser, orderId: string, decision: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/payment-decision`,
      headers: user.authHeader,
      payload: { decision },
    });
  const paymentOf = async (orderId: string) => (await t.app.db.select().from(payments).where(eq(payments.orderId, orderId)))[0];

  it('refunds the payment in full through the refund job when the admin says so, and answers 409 to a second decision', async () => {
    const { orderId, admin, customer, intent } = await closedCardOrder();
    expect(await t.app.db.select().from(refunds)).toEqual([]);
    expect((await decide(customer, orderId, 'refunded')).statusCode).toBe(403);

    const answers = await Promise.all([decide(admin, orderId, 'refunded'), decide(admin, orderId, 'kept')]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const decided = answers.find((res) => res.statusCode === 200)?.json<{ paymentDecision: string }>().paymentDecision;
    expect(refusal(await decide(admin, orderId, 'refunded'))).toEqual([409, NOT_AVAILABLE_MESSAGES.decidedAlready]);

    const kinds = (await orderPostings(t.app.db, orderId)).map((posting) => posting.kind);
    if (decided === 'refunded') {
      await vi.waitFor(async () => expect((await paymentOf(orderId))?.paymentStatus).toBe('refunded'));
      expect(paystack.refunds).toEqual([{ transaction: intent.reference, amount: 5050 }]);
      expect(kinds).toEqual(['order_paid', 'order_refunded']);
    } else {
      expect(kinds).toEqual(['order_paid', 'payment_kept']);
    }
    await expectLedgerBalanced(t.app.db);
  });

  it('keeps the payment when the admin says so: the restaurant, the platform and the rider are paid as for a delivery', async () => {
    const { orderId, admin, rider, restaurant } = await closedCardOrder();
    const res = await decide(admin, orderId, 'kept');
    expect(res.statusCode, res.body).toBe(200);
    const order = await t.app.db.select().from(orders).where(eq(orders.id, orderId));
    const { restaurantPayout, commissionAmount, deliveryFee, deliveryShare, tipAmount } = order[0]!;
    const kept = (await orderPostings(t.app.db, orderId)).find((posting) => posting.kind === 'payment_kept');
    expect(kept?.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ account: 'restaurant', ownerId: restaurant.id, amount: -restaurantPayout }),
        expect.objectContaining({ account: 'commission', amount: -commissionAmount }),
        expect.objectContaining({ account: 'rider', ownerId: rider.userId, amount: -(deliveryFee - deliveryShare + tipAmount) }),
      ]),
    );
    expect((await paymentOf(orderId))?.paymentStatus).toBe('completed');
    expect(paystack.refunds).toEqual([]);
    await expectLedgerBalanced(t.app.db);
  });
});
