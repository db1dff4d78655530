import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { shortOrderId } from '@shared/orders/schemas.js';
import { STATUS_LABELS } from '@shared/orders/status.js';
import type { OrderMoved } from '@shared/orders/views.js';
import { topics, type RealtimeEvent } from '@shared/realtime/events.js';
import type { Config } from '../config.js';
import type { AuthUser } from '../core/identity.js';
import type { Db, Tx } from '../db/client.js';
import { conflict } from '../http/errors.js';
import type { Jobs } from '../jobs/jobs.js';
import { queuePush } from '../notifications/push/queue.js';
import { usersWithSubscriptions } from '../notifications/push/repository.js';
import { transactionWithEvents } from '../realtime/publish.js';
import {
  answerOffer,
  clearMissedOffers,
  countMissedOffer,
  findOffer,
  insertOffer,
  lockOpenOffer,
  type OfferAnswer,
} from './offersRepository.js';
import { insertDecline, lockDriver } from './repository.js';

/**
 * Offers (decision 029): dispatch does not give a ready order away, it offers it to one driver
 * for DISPATCH_OFFER_SECONDS. The driver accepts it (the accept move, which answers the offer) or
 * declines it; a declined or missed offer is never made to that driver again, and the order goes
 * to the next nearest driver through the offer-next job. MISSED_OFFERS_LIMIT offers missed in a
 * row make the driver unavailable, with a notice. An order has at most one open offer and a
 * driver holds at most one (partial unique indexes back the locks).
 *
 * Locks are taken in one order everywhere so that no two of these wait on each other: the
 * driver's row, then the order's row, then the offer's row.
 */

type Raise = (event: RealtimeEvent) => void;

export interface OfferDeps {
  db: Db;
  jobs: Jobs;
  config: Pick<Config, 'DISPATCH_OFFER_SECONDS'>;
}

const DRIVER_PAGE = '/driver';

/** The driver, every driver following waiting orders (whose lists drop or regain it) and the admins hear of an offer opening or closing. */
function raiseOffer(raise: Raise, offer: { orderId: string; driverId: string }, open: boolean): void {
  const event = { type: 'order.offer', orderId: offer.orderId, driverId: offer.driverId, open } as const;
  for (const topic of [topics.driver(offer.driverId), topics.ordersReady(), topics.allOrders()]) raise({ ...event, topic });
}

/**
 * Offers the ready order to the driver in the caller's transaction, where both rows are locked
 * and found free: the offer, the job that ends it when its time is up, the driver's push message.
 */
export async function makeOffer(tx: Tx, deps: OfferDeps, raise: Raise, orderId: string, driverId: string) {
  const seconds = deps.config.DISPATCH_OFFER_SECONDS;
  const offer = await insertOffer(tx, orderId, driverId, seconds);
  await deps.jobs.sendLater(tx, 'offer-expiry', { offerId: offer.id }, seconds);
  raiseOffer(raise, { orderId, driverId }, true);
  await queuePush(tx, deps.jobs, await usersWithSubscriptions(tx, [driverId]), {
    title: `Order #${shortOrderId(orderId)} offered to you`,
    body: `Accept it within ${seconds} s on your dashboard.`,
    url: DRIVER_PAGE,
  });
  return { ...offer, seconds };
}

/**
 * Ends an open offer, locked in `tx`, with the answer. A driver who declined or missed it is not
 * offered the order again, and the order goes to the next driver once `tx` commits; a miss counts
 * towards the driver's pause, an answer (accepting, declining) starts the count again.
 */
async function closeOffer(
  tx: Tx,
  deps: OfferDeps,
  raise: Raise,
  offer: { id: string; orderId: string; driverId: string },
  answer: OfferAnswer,
): Promise<void> {
  if (!(await answerOffer(tx, offer.id, answer))) return;
  raiseOffer(raise, offer, false);
  if (answer === 'accepted') {
    await clearMissedOffers(tx, offer.driverId);
    return;
  }
  if (answer === 'declined' || answer === 'missed') await insertDecline(tx, offer.orderId, offer.driverId);
  if (answer === 'declined') await clearMissedOffers(tx, offer.driverId);
  if (answer === 'missed' && (await countMissedOffer(tx, offer.driverId))) await announcePause(tx, deps, raise, offer.driverId);
  await deps.jobs.send(tx, 'offer-next', { orderId: offer.orderId });
}

/** The driver's dashboard reads their status again, which carries the notice; their devices get it as a push message. */
async function announcePause(tx: Tx, deps: OfferDeps, raise: Raise, driverId: string): Promise<void> {
  raise({ topic: topics.driver(driverId), type: 'driver.updated', driverId });
  await queuePush(tx, deps.jobs, await usersWithSubscriptions(tx, [driverId]), {
    title: DRIVER_MESSAGES.nowUnavailable,
    body: DRIVER_MESSAGES.pausedForMisses,
    url: DRIVER_PAGE,
  });
}

/**
 * The offer-expiry job: the offer, if still open once its time is up, is missed. Run again (a
 * retry), it finds the offer answered and does nothing; the order's next offer is its own job.
 */
export async function expireOffer(deps: OfferDeps, offerId: string): Promise<void> {
  const found = await findOffer(deps.db, offerId);
  if (!found?.open) return;
  await transactionWithEvents(deps.db, async (tx, raise) => {
    await lockDriver(tx, found.driverId);
    const offer = await lockOpenOffer(tx, { driverId: found.driverId });
    if (offer?.id !== offerId) return;
    // The job runs at the offer's end by the same clock; a job run early is retried.
    if (!offer.expired) throw new Error('the offer has not run out yet');
    await closeOffer(tx, deps, raise, offer, 'missed');
  });
}

/**
 * The driver declines the order offered to them (POST /api/orders/:id/decline): the offer's
 * answer, and the order goes to the next driver. Undefined when they hold no open offer of it:
 * the decline is then of an order they accepted (the accepted-to-ready move).
 */
export async function declineOffer(deps: OfferDeps, driver: AuthUser, orderId: string): Promise<OrderMoved | undefined> {
  return transactionWithEvents(deps.db, async (tx, raise) => {
    await lockDriver(tx, driver.userId);
    const offer = await lockOpenOffer(tx, { driverId: driver.userId });
    if (offer?.orderId !== orderId) return undefined;
    await closeOffer(tx, deps, raise, offer, 'declined');
    return { id: orderId, shortId: shortOrderId(orderId), status: 'ready', statusLabel: STATUS_LABELS.ready, driverId: null };
  });
}

/**
 * What becomes of an order's open offer when the order leaves ready, in the move's transaction
 * after its conditional UPDATE (orders/moveEffects.ts): taken by a driver, it is their offer
 * accepted, or refused while it is offered to another (409) or their offer has run out (409);
 * their own open offer of another order is withdrawn, for that order to go to the next driver.
 * Given away by support or cancelled, the open offer is withdrawn.
 */
export async function settleOffer(tx: Tx, deps: OfferDeps, raise: Raise, orderId: string, takenBy?: string): Promise<void> {
  const offer = await lockOpenOffer(tx, { orderId });
  if (offer && takenBy && offer.driverId !== takenBy) throw conflict(DRIVER_MESSAGES.offeredToAnother);
  if (offer && takenBy && offer.expired) throw conflict(DRIVER_MESSAGES.offerExpired);
  if (offer) await closeOffer(tx, deps, raise, offer, takenBy ? 'accepted' : 'withdrawn');
  if (!takenBy) return;
  const other = await lockOpenOffer(tx, { driverId: takenBy });
  if (other) await closeOffer(tx, deps, raise, other, 'withdrawn');
}

/** The driver goes unavailable: an offer they hold is withdrawn, for its order to go to the next driver. */
export async function withdrawOfferOf(tx: Tx, deps: OfferDeps, raise: Raise, driverId: string): Promise<void> {
  const offer = await lockOpenOffer(tx, { driverId });
  if (offer) await closeOffer(tx, deps, raise, offer, 'withdrawn');
}
