import type { DriverPosition } from '@shared/drivers/schemas.js';
import type { Config } from '../config.js';
import type { Tx } from '../db/client.js';
import type { QueuedEmail } from '../notifications/orderEmails.js';
import type { Dispatched } from '../orders/moveEffects.js';
import { announceMove, toOrderMoved, type MoveDeps } from '../orders/moves.js';
import { updateStatusIfCurrent } from '../orders/movesRepository.js';
import { transactionWithEvents } from '../realtime/publish.js';
import { findWaitingOrder, isOnTheRoadNow, lockDriver, lockNearestFreeDriver, lockOldestWaitingOrderNear } from './repository.js';

/**
 * Automatic dispatch: a ready order goes to the nearest free driver, and a driver coming online
 * gets the oldest order waiting near them. Giving an order is the same move as a driver
 * accepting it (ready to accepted with that driver, one conditional UPDATE), so the assigned
 * driver finds it in My Deliveries at once and may decline it.
 */

export interface DispatchDeps extends MoveDeps {
  config: Pick<Config, 'DISPATCH_RADIUS_KM'>;
}

const NO_DRIVER: Dispatched = { outcome: { assigned: false } };

const radiusMeters = (deps: DispatchDeps) => deps.config.DISPATCH_RADIUS_KM * 1000;

/** A place dispatch can measure from: 0,0 is what a restaurant without a real position sends, so it counts as unknown. */
function knownPlace(place: { latitude: number | null; longitude: number | null }): DriverPosition | null {
  const { latitude, longitude } = place;
  if (latitude === null || longitude === null || (latitude === 0 && longitude === 0)) return null;
  return { latitude, longitude };
}

/**
 * Gives the ready order to `driverId` in the caller's transaction, where the driver's row is
 * locked and found free; false if someone took the order first. The customer's email is
 * returned for the caller to send once the transaction has committed.
 */
async function giveOrder(tx: Tx, raise: Parameters<typeof announceMove>[1], orderId: string, driverId: string) {
  const moved = await updateStatusIfCurrent(tx, {
    orderId,
    from: 'ready',
    to: 'accepted',
    driverBefore: null,
    driverAfter: driverId,
  });
  return moved
    ? { order: toOrderMoved(moved), email: await announceMove(tx, raise, moved, 'ready', { assigned: true }) }
    : undefined;
}

function sendAfterCommit(deps: MoveDeps, email: QueuedEmail | null | undefined) {
  if (email) deps.mailer.deliverLater(email.outboxId, email.message);
}

/**
 * Offers a ready order without a driver to the nearest eligible driver within the radius of its
 * restaurant, who has not declined it: verified, available, a position from the last two
 * minutes and no delivery on the road. Candidates other transactions hold are skipped, and each
 * is asked again once locked, so two orders dispatched at once get two drivers and no driver
 * gets a second delivery.
 */
export async function dispatchOrder(deps: DispatchDeps, orderId: string): Promise<Dispatched> {
  const { dispatched, email } = await transactionWithEvents(deps.db, async (tx, raise) => {
    const order = await findWaitingOrder(tx, orderId);
    const restaurant = order && knownPlace(order);
    if (!restaurant) return { dispatched: NO_DRIVER, email: null };
    const passedOver: string[] = [];
    for (;;) {
      const search = { point: restaurant, radiusMeters: radiusMeters(deps), orderId, passedOver };
      const driver = await lockNearestFreeDriver(tx, search);
      if (!driver) return { dispatched: NO_DRIVER, email: null };
      if (await isOnTheRoadNow(tx, driver.userId)) {
        passedOver.push(driver.userId);
        continue;
      }
      const given = await giveOrder(tx, raise, orderId, driver.userId);
      if (!given) return { dispatched: NO_DRIVER, email: null };
      const outcome = { assigned: true, driverName: driver.fullName } as const;
      return { dispatched: { outcome, order: given.order }, email: given.email };
    }
  });
  sendAfterCommit(deps, email);
  return dispatched;
}

/**
 * Offers a driver who has just come online the oldest ready order waiting within the radius of
 * them that they have not declined, if they may be given one now. Whether an order was given.
 */
export async function offerWaitingOrder(deps: DispatchDeps, driverId: string): Promise<boolean> {
  const given = await transactionWithEvents(deps.db, async (tx, raise) => {
    const driver = await lockDriver(tx, driverId);
    const position = driver && knownPlace(driver);
    if (!driver?.isVerified || !driver.isAvailable || !driver.positionFresh || !position) return undefined;
    if (await isOnTheRoadNow(tx, driverId)) return undefined;
    const order = await lockOldestWaitingOrderNear(tx, driverId, position, radiusMeters(deps));
    return order ? giveOrder(tx, raise, order.id, driverId) : undefined;
  });
  sendAfterCommit(deps, given?.email);
  return given !== undefined;
}
