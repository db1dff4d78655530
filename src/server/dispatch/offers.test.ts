import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DRIVER_MESSAGES, MISSED_OFFERS_LIMIT } from '@shared/drivers/schemas.js';
import { rowsOf } from '../db/rows.js';
import { dispatchDeclines, dispatchOffers, drivers, orders } from '../db/schema.js';
import { forceStatus, openRestaurant, placeOrder } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { waitForJobs } from '../test/jobs.js';
import { expireOffer } from './offers.js';
import { dispatchOrder } from './service.js';
import { acceptAs, carryAtMost, declineAs, driverAt, letOfferRunOut, northOf, offeredTo, offersOf } from './testDrivers.js';

describe('offers: a ready order is offered to one driver at a time, who accepts, declines or lets it run out', () => {
  const t = useTestApp();

  /** A ready order nobody has been offered yet, at the test restaurant. */
  async function waitingOrder() {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const order = await placeOrder(t, customer, kitchen);
    await forceStatus(t, order.id, 'ready');
    return order.id;
  }

  const stored = async (orderId: string) =>
    (await t.app.db.select({ status: orders.status, driverId: orders.driverId }).from(orders).where(eq(orders.id, orderId)))[0];
  const driverRow = async (driver: TestUser) =>
    (
      await t.app.db
        .select({ isAvailable: drivers.isAvailable, missedOffers: drivers.missedOffers })
        .from(drivers)
        .where(eq(drivers.userId, driver.userId))
    )[0];
  const availableTo = async (driver: TestUser) =>
    (await t.app.inject({ method: 'GET', url: '/api/orders/available', headers: driver.authHeader })).json<{
      items: { id: string; offerSecondsLeft: number | null; declined: boolean }[];
    }>().items;
  const statusOf = async (driver: TestUser) =>
    (await t.app.inject({ method: 'GET', url: '/api/drivers/me', headers: driver.authHeader })).json<{
      isAvailable: boolean;
      pausedForMissedOffers: boolean;
    }>();

  it('lists the order to the offered driver first with the seconds left, hides it from others, and lets only the offered driver take it', async () => {
    const orderId = await waitingOrder();
    const nearest = await driverAt(t, northOf(1));
    const other = await driverAt(t, northOf(2));
    await dispatchOrder(t.app, orderId);

    const mine = await availableTo(nearest);
    expect(mine[0]?.id).toBe(orderId);
    expect(mine[0]?.offerSecondsLeft).toBeGreaterThanOrEqual(44);
    expect(mine[0]?.offerSecondsLeft).toBeLessThanOrEqual(45);
    expect((await availableTo(other)).map((order) => order.id)).not.toContain(orderId);

    const refused = await acceptAs(t, other, orderId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(DRIVER_MESSAGES.offeredToAnother);

    const accepted = await acceptAs(t, nearest, orderId);
    expect(accepted.statusCode).toBe(200);
    expect(await stored(orderId)).toEqual({ status: 'accepted', driverId: nearest.userId });
    expect((await offersOf(t, orderId)).map((offer) => offer.answer)).toEqual(['accepted']);
  });

  it('ends the offer with a job that runs when its time is up, by the database clock', async () => {
    const orderId = await waitingOrder();
    await driverAt(t, northOf(1));
    await dispatchOrder(t.app, orderId);

    const [offer] = await t.app.db.select().from(dispatchOffers).where(eq(dispatchOffers.orderId, orderId));
    const [job] = rowsOf<{ startAfter: Date; data: unknown }>(
      await t.app.db.execute(sql`select start_after as "startAfter", data from pgboss.job where name = 'offer-expiry'`),
    );
    expect(job?.data).toEqual({ offerId: offer?.id });
    expect(Math.abs(new Date(job?.startAfter ?? 0).getTime() - (offer?.expiresAt.getTime() ?? 0))).toBeLessThan(1000);
    expect((offer?.expiresAt.getTime() ?? 0) - (offer?.offeredAt.getTime() ?? 0)).toBe(45_000);

    // Run before its time (a clock a little out), the job leaves the offer open and is retried.
    await expect(expireOffer(t.app, offer?.id ?? '')).rejects.toThrow('not run out');
    expect(await offeredTo(t, orderId)).not.toBeNull();
  });

  it('offers a declined order to the next nearest driver, never again to the one who declined it', async () => {
    const orderId = await waitingOrder();
    const first = await driverAt(t, northOf(1));
    const second = await driverAt(t, northOf(2));
    await dispatchOrder(t.app, orderId);
    expect(await offeredTo(t, orderId)).toBe(first.userId);

    const declined = await declineAs(t, first, orderId);
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ id: orderId, status: 'ready', driverId: null });
    await expect.poll(() => offeredTo(t, orderId)).toBe(second.userId);
    expect((await offersOf(t, orderId)).map((offer) => offer.answer)).toEqual(['declined', null]);
    expect(await stored(orderId)).toEqual({ status: 'ready', driverId: null });

    await declineAs(t, second, orderId);
    await expect.poll(async () => (await offersOf(t, orderId)).map((offer) => offer.answer)).toEqual(['declined', 'declined']);
    expect((await dispatchOrder(t.app, orderId)).outcome).toEqual({ offered: false });
    expect((await availableTo(first)).find((order) => order.id === orderId)).toMatchObject({
      declined: true,
      offerSecondsLeft: null,
    });
  });

  it('offers an order whose offer ran out to the next driver, and counts the miss against the driver', async () => {
    const orderId = await waitingOrder();
    const first = await driverAt(t, northOf(1));
    const second = await driverAt(t, northOf(2));
    await dispatchOrder(t.app, orderId);

    await letOfferRunOut(t, orderId);

    await expect.poll(() => offeredTo(t, orderId)).toBe(second.userId);
    expect((await offersOf(t, orderId)).map((offer) => offer.answer)).toEqual(['missed', null]);
    expect(await driverRow(first)).toEqual({ isAvailable: true, missedOffers: 1 });
    const refused = await acceptAs(t, first, orderId);
    expect(refused.statusCode).toBe(409);
    // Run again (a retry), the job finds the offer answered and does nothing.
    await expireOffer(t.app, (await offersOf(t, orderId))[0]?.id ?? '');
    expect(await driverRow(first)).toEqual({ isAvailable: true, missedOffers: 1 });
  });

  it(`makes a driver who misses ${MISSED_OFFERS_LIMIT} offers in a row unavailable with a notice, and an answer starts the count again`, async () => {
    const driver = await driverAt(t, northOf(1));
    const missOne = async () => {
      const orderId = await waitingOrder();
      await dispatchOrder(t.app, orderId);
      expect(await offeredTo(t, orderId)).toBe(driver.userId);
      await letOfferRunOut(t, orderId);
    };

    await missOne();
    const declinedOne = await waitingOrder();
    await dispatchOrder(t.app, declinedOne);
    await declineAs(t, driver, declinedOne);
    expect(await driverRow(driver)).toEqual({ isAvailable: true, missedOffers: 0 });

    for (let missed = 1; missed < MISSED_OFFERS_LIMIT; missed += 1) await missOne();
    expect(await statusOf(driver)).toMatchObject({ isAvailable: true, pausedForMissedOffers: false });
    await missOne();
    expect(await statusOf(driver)).toMatchObject({ isAvailable: false, pausedForMissedOffers: true });
    expect(await driverRow(driver)).toEqual({ isAvailable: false, missedOffers: 0 });

    const back = await t.app.inject({
      method: 'PATCH',
      url: '/api/drivers/me/availability',
      headers: driver.authHeader,
      payload: { available: true },
    });
    expect(back.json()).toMatchObject({ isAvailable: true, pausedForMissedOffers: false });
  });

  it('holds at most one open offer per driver and per order, even if the locks were bypassed', async () => {
    const orderId = await waitingOrder();
    const otherOrderId = await waitingOrder();
    const driver = await driverAt(t, northOf(1));
    const another = await driverAt(t, northOf(5));
    await dispatchOrder(t.app, orderId);
    expect(await offeredTo(t, orderId)).toBe(driver.userId);
    await dispatchOrder(t.app, otherOrderId);
    expect(await offeredTo(t, otherOrderId)).toBe(another.userId);

    const expiresAt = sql`now() + interval '1 minute'`;
    await expect(
      t.app.db.insert(dispatchOffers).values({ orderId: otherOrderId, driverId: driver.userId, expiresAt }),
    ).rejects.toThrow();
    await expect(t.app.db.insert(dispatchOffers).values({ orderId, driverId: another.userId, expiresAt })).rejects.toThrow();
  });

  it('settles an accept racing the offer running out one way or the other, never both', async () => {
    for (let round = 0; round < 6; round += 1) {
      await t.app.db.delete(orders);
      await t.app.db.update(drivers).set({ isAvailable: false });
      const orderId = await waitingOrder();
      const driver = await driverAt(t, northOf(1));
      await driverAt(t, northOf(3));
      await dispatchOrder(t.app, orderId);
      const [offer] = await t.app.db
        .update(dispatchOffers)
        .set({ expiresAt: sql`now() + ${round * 4}::int * interval '1 millisecond'` })
        .where(eq(dispatchOffers.orderId, orderId))
        .returning({ id: dispatchOffers.id });
      const offerId = offer?.id ?? '';
      // The job retries until the offer has run out, as pg-boss would.
      const expiring = async () => {
        for (;;) {
          try {
            return await expireOffer(t.app, offerId);
          } catch {
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        }
      };

      const [accepted] = await Promise.all([acceptAs(t, driver, orderId), expiring()]);

      const [first] = await offersOf(t, orderId);
      const declines = await t.app.db
        .select()
        .from(dispatchDeclines)
        .where(and(eq(dispatchDeclines.orderId, orderId), eq(dispatchDeclines.driverId, driver.userId)));
      // The offer was accepted or missed, never both; a driver whose offer ran out may still take
      // the order from the list while nobody else is offered it, as anyone may.
      if (first?.answer === 'accepted') {
        expect(accepted.statusCode).toBe(200);
        expect(declines).toEqual([]);
        expect(await driverRow(driver)).toMatchObject({ missedOffers: 0 });
      } else {
        expect(first?.answer).toBe('missed');
        expect(declines).toHaveLength(1);
        expect(await driverRow(driver)).toMatchObject({ missedOffers: 1 });
      }
      const theirs = accepted.statusCode === 200;
      if (!theirs) expect(accepted.statusCode).toBe(409);
      expect((await stored(orderId))?.driverId === driver.userId).toBe(theirs);
    }
  });

  it('withdraws the offer of a driver who goes unavailable or takes another order, and offers it to the next driver', async () => {
    // One order at a time: a rider carrying one from the same kitchen would be offered it again (batching.test.ts).
    await carryAtMost(t, 1);
    const orderId = await waitingOrder();
    const first = await driverAt(t, northOf(1));
    const second = await driverAt(t, northOf(2));
    await dispatchOrder(t.app, orderId);
    expect(await offeredTo(t, orderId)).toBe(first.userId);

    await t.app.inject({
      method: 'PATCH',
      url: '/api/drivers/me/availability',
      headers: first.authHeader,
      payload: { available: false },
    });
    await expect.poll(() => offeredTo(t, orderId)).toBe(second.userId);

    // From the list, the second driver takes another order: their offer goes on, to nobody left.
    const listed = await waitingOrder();
    expect((await acceptAs(t, second, listed)).statusCode).toBe(200);
    await expect.poll(async () => (await offersOf(t, orderId)).map((offer) => offer.answer)).toEqual(['withdrawn', 'withdrawn']);
    await waitForJobs(t.app.db, 'offer-next', (jobs) => jobs.length === 2 && jobs.every((job) => job.state === 'completed'));
    // Withdrawn, not declined: the first driver may be offered it again once available.
    const back = await t.app.inject({
      method: 'PATCH',
      url: '/api/drivers/me/availability',
      headers: first.authHeader,
      payload: { available: true },
    });
    expect(back.statusCode).toBe(200);
    await expect.poll(() => offeredTo(t, orderId)).toBe(first.userId);
  });

  it('offers a rider whose delivery just ended the nearest order waiting near them', async () => {
    const driver = await driverAt(t, northOf(1));
    const carried = await waitingOrder();
    await forceStatus(t, carried, 'picked_up', driver.userId);
    const waiting = await waitingOrder();
    expect((await dispatchOrder(t.app, waiting)).outcome).toEqual({ offered: false });

    const [order] = await t.app.db.select({ code: orders.deliveryCode }).from(orders).where(eq(orders.id, carried));
    const delivered = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${carried}/deliver`,
      headers: driver.authHeader,
      payload: { code: order?.code },
    });
    expect(delivered.statusCode, delivered.body).toBe(200);

    await expect.poll(() => offeredTo(t, waiting)).toBe(driver.userId);
  });

  it('withdraws the offer when support gives the order to a driver by hand or cancels it', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const orderId = await waitingOrder();
    await driverAt(t, northOf(1));
    const chosen = await driverAt(t, northOf(4));
    await dispatchOrder(t.app, orderId);

    const given = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/reassign`,
      headers: admin.authHeader,
      payload: { driverId: chosen.userId },
    });
    expect(given.statusCode).toBe(200);
    expect(await stored(orderId)).toEqual({ status: 'accepted', driverId: chosen.userId });
    expect((await offersOf(t, orderId)).map((offer) => offer.answer)).toEqual(['withdrawn']);

    const cancelledId = await waitingOrder();
    await dispatchOrder(t.app, cancelledId);
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/${cancelledId}/status`,
      headers: admin.authHeader,
      payload: { status: 'cancelled' },
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await offersOf(t, cancelledId)).map((offer) => offer.answer)).toEqual(['withdrawn']);
  });
});
