import type { DriverPosition } from '@shared/drivers/schemas.js';
import type { Config } from '../config.js';
import type { Tx } from '../db/client.js';
import type { Dispatched } from '../orders/moveEffects.js';
import { announceMove, toOrderMoved, type MoveDeps } from '../orders/moves.js';
import { updateStatusIfCurrent } from '../orders/movesRepository.js';
import { queueAssignmentPush } from '../orders/pushes.js';
import { transactionWithEvents } from '../realtime/publish.js';
import { findWaitingOrder, isOnTheRoadNow, lockDriver, lockNearestFreeDriver, lockNearestWaitingOrder } from './repository.js';

/**
 * Automatic dispatch: a ready order goes to the nearest free driver, and a driver coming online
 * gets the nearest order waiting for one. Giving an order is the same move as a driver
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
 * locked and found free, with the customer's email and the driver's push message; undefined if
 * someone took the order first.
 */
async function giveOrder(
  tx: Tx,
  deps: DispatchDeps,
  raise: Parameters<typeof announceMove>[2],
  orderId: string,
  driverId: string,
) {
  const moved = await updateStatusIfCurrent(tx, {
    orderId,
    from: 'ready',
    to: 'accepted',
    driverBefore: null,
    driverAfter: driverId,
  });
  if (!moved) return undefined;
  await announceMove(tx, deps.jobs, raise, moved, 'ready', { assigned: true });
  await queueAssignmentPush(tx, deps.jobs, { id: orderId, driverId });
  return toOrderMoved(moved);
}

/**
 * Offers a ready order without a driver to the nearest eligible driver within the radius of its
 * restaurant, who has not declined it: verified, available, a position from the last two
 * minutes and no delivery on the road; for a cash order, holding no more cash than its
 * currency's cash limit. Candidates other transactions hold are skipped, and each is asked again
 * once locked, so two orders dispatched at once get two drivers and no driver gets a second
 * delivery.
 */
export async function dispatchOrder(deps: DispatchDeps, orderId: string): Promise<Dispatched> {
  return transactionWithEvents(deps.db, async (tx, raise): Promise<Dispatched> => {
    const order = await findWaitingOrder(tx, orderId);
    const restaurant = order && knownPlace(order);
    if (!order || !restaurant) return NO_DRIVER;
    const passedOver: string[] = [];
    const cash = order.cashLimit === null ? undefined : { currencySymbol: order.currencySymbol, limit: order.cashLimit };
    for (;;) {
      const search = { point: restaurant, radiusMeters: radiusMeters(deps), orderId, passedOver, cash };
      const driver = await lockNearestFreeDriver(tx, search);
      if (!driver) return NO_DRIVER;
      if (await isOnTheRoadNow(tx, driver.userId)) {
        passedOver.push(driver.userId);
        continue;
      }
      const given = await giveOrder(tx, deps, raise, orderId, driver.userId);
      if (!given) return NO_DRIVER;
      return { outcome: { assigned: true, driverName: driver.fullName }, order: given };
    }
  });
}

/**
 * Offers a driver who has just come online the nearest ready order waiting within the radius of
 * them that they have not declined, if they may be given one now. Whether an order was given.
 */
export async function offerWaitingOrder(deps: DispatchDeps, driverId: string): Promise<boolean> {
  const given = await transactionWithEvents(deps.db, async (tx, raise) => {
    const driver = await lockDriver(tx, driverId);
    const position = driver && knownPlace(driver);
    if (!driver?.isVerified || !driver.isAvailable || !driver.positionFresh || !position) return undefined;
    if (await isOnTheRoadNow(tx, driverId)) return undefined;
    const order = await lockNearestWaitingOrder(tx, driverId, position, radiusMeters(deps));
    return order ? giveOrder(tx, deps, raise, order.id, driverId) : undefined;
  });
  return given !== undefined;
}
