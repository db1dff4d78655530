import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { moveOrder } from '../orders/moves.js';
import { forceStatus, moveAs, openRestaurant, placeOrder } from '../orders/testOrders.js';
import { createUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { jobsOf, waitForJobs } from '../test/jobs.js';
import { useLoggedApps } from '../test/loggedApp.js';
import { acceptAs, driverAt, northOf, offeredTo, offersOf } from './testDrivers.js';

describe('an order made ready is offered even when its instance ends before the dispatch that follows the move', () => {
  const t = useTestApp();

  /** An order the kitchen is preparing, and its kitchen. */
  async function preparingOrder() {
    const kitchen = await openRestaurant(t);
    const customer = await createUser(t, { role: 'customer' });
    const order = await placeOrder(t, customer, kitchen);
    await forceStatus(t, order.id, 'preparing');
    return { kitchen, orderId: order.id };
  }

  /** The kitchen's Mark Ready committed, and the process ended before the dispatch after it. */
  const markedReadyThenEnded = (owner: { userId: string }, orderId: string) =>
    moveOrder(t.app, { userId: owner.userId, role: 'restaurant' }, orderId, 'ready');

  /** As if the stand-in's 20 s had passed. */
  const standInsDueNow = () =>
    t.app.db.execute(sql`update pgboss.job set start_after = now() where name = 'offer-next' and state = 'created'`);

  it('offers the order to the nearest rider once the stand-in the move queued comes due', async () => {
    const { kitchen, orderId } = await preparingOrder();
    const rider = await driverAt(t, northOf(1));
    await markedReadyThenEnded(kitchen.owner, orderId);
    expect(await offersOf(t, orderId)).toEqual([]);
    expect(await jobsOf(t.app.db, 'offer-next')).toEqual([
      expect.objectContaining({ state: 'created', data: { orderId, unmovedSince: expect.any(String) } }),
    ]);

    await standInsDueNow();
    await waitForJobs(t.app.db, 'offer-next', ([job]) => job?.state === 'completed');
    expect(await offeredTo(t, orderId)).toBe(rider.userId);
  });

  it('leaves alone an order that moved after it was made ready: taken by a rider, then taken back by support to wait', async () => {
    const { kitchen, orderId } = await preparingOrder();
    const admin = await createUser(t, { role: 'admin' });
    const first = await createUser(t, { role: 'driver', verifiedDriver: true });
    await markedReadyThenEnded(kitchen.owner, orderId);
    expect((await acceptAs(t, first, orderId)).statusCode).toBe(200);
    const takenBack = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/take-back`,
      headers: admin.authHeader,
    });
    expect(takenBack.statusCode).toBe(200);
    await driverAt(t, northOf(1));

    await standInsDueNow();
    await waitForJobs(t.app.db, 'offer-next', (jobs) => jobs.length > 0 && jobs.every((job) => job.state === 'completed'));
    expect(await offersOf(t, orderId)).toEqual([]);
  });

  it('cancels the stand-in once the dispatch after Mark Ready has run, offering the order once', async () => {
    const { kitchen, orderId } = await preparingOrder();
    const rider = await driverAt(t, northOf(1));
    const res = await moveAs(t, kitchen.owner, orderId, 'ready');
    expect(res.json()).toMatchObject({ status: 'ready', dispatch: { offered: true } });
    await waitForJobs(t.app.db, 'offer-next', ([job]) => job?.state === 'cancelled');
    expect((await offersOf(t, orderId)).map((offer) => offer.driverId)).toEqual([rider.userId]);
  });
});

describe('a stand-in the dispatch after the move could not cancel', () => {
  const appWith = useLoggedApps();

  it('is logged with its order, and the dispatch still answers', async () => {
    const { app, log } = await appWith({});
    const orderId = randomUUID();
    // The database refuses a job id that is no uuid, as it would refuse any statement while it is down.
    expect(await app.moveEffects.drivers.dispatch(orderId, 'no-such-job')).toEqual({ outcome: { offered: false } });
    await vi.waitFor(() => expect(log.text()).toContain('could not cancel the stand-in dispatch of an order'));
    expect(log.text()).toContain(orderId);
  });
});
