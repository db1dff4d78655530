import type { DriverPosition } from '@shared/drivers/schemas.js';
import type { Config } from '../config.js';
import type { Tx } from '../db/client.js';
import type { Dispatched } from '../orders/moveEffects.js';
import type { MoveDeps } from '../orders/moves.js';
import { alertNoRider } from '../orders/noRiderAlert.js';
import { transactionWithEvents } from '../realtime/publish.js';
import { makeOffer } from './offers.js';
import { carryRefusalNow } from './batchingRepository.js';
import { lockOpenOffer } from './offersRepository.js';
import {
  lockDriver,
  lockNearestCollectingDriver,
  lockNearestFreeDriver,
  lockNearestWaitingOrder,
  lockWaitingOrder,
  movedSince,
  offerableNow,
  type NearestDriverSearch,
} from './repository.js';

/**
 * Automatic dispatch: a ready order is offered to the nearest driver who may carry it (batching,
 * decision 032: a driver already collecting from its restaurant or one nearby first), and a driver
 * coming online is offered the nearest order waiting for one (offers.ts: the driver accepts or
 * declines it, or lets it run out, and it goes to the next).
 */

export interface DispatchDeps extends MoveDeps {
  config: Pick<Config, 'DISPATCH_RADIUS_KM' | 'DISPATCH_OFFER_SECONDS'>;
}

const NO_DRIVER: Dispatched = { outcome: { offered: false } };

const radiusMeters = (deps: DispatchDeps) => deps.config.DISPATCH_RADIUS_KM * 1000;

/** A place dispatch can measure from: 0,0 is what a restaurant without a real position sends, so it counts as unknown. */
function knownPlace(place: { latitude: number | null; longitude: number | null }): DriverPosition | null {
  const { latitude, longitude } = place;
  if (latitude === null || longitude === null || (latitude === 0 && longitude === 0)) return null;
  return { latitude, longitude };
}

/**
 * A waiting order found no driver to offer it to: unless it is on offer after all (another
 * dispatch, which held its row, made the offer), the operations team is alerted live, as the
 * kitchen is told.
 */
async function nobodyFor(tx: Tx, raise: Parameters<typeof alertNoRider>[0], orderId: string): Promise<Dispatched> {
  if (!(await lockOpenOffer(tx, { orderId }))) alertNoRider(raise, orderId);
  return NO_DRIVER;
}

/** The searches of dispatchOrder, in turn: a driver collecting nearby (orders offered together) if anyone is, then any driver. */
const searchesFor = (collectedNearby: boolean) =>
  collectedNearby ? [lockNearestCollectingDriver, lockNearestFreeDriver] : [lockNearestFreeDriver];

/**
 * Offers a ready order without a driver or an open offer to the nearest eligible driver within
 * the radius of its restaurant who has not declined or missed it: verified, available, a
 * position from the last two minutes, room for it by the batching rule and no open offer; for a
 * cash order, holding no more cash than its currency's cash limit. A driver already on the way to
 * collect from its restaurant, or one within the batching distance, comes first, so two orders of
 * one kitchen go to one rider. The order's row is locked first, so two dispatches of one order
 * make one offer; candidates other transactions hold are skipped, and the driver found is asked
 * again once locked (offerableNow), so no driver holds two offers nor carries more than the rule
 * allows. A waiting order
 * nobody can be offered (no driver left, or a restaurant without a known place) alerts the admins.
 * With `unmovedSince` (a move's stand-in, orders/moves.ts), only an order no move has touched since.
 */
export async function dispatchOrder(deps: DispatchDeps, orderId: string, unmovedSince?: string): Promise<Dispatched> {
  return transactionWithEvents(deps.db, async (tx, raise): Promise<Dispatched> => {
    const order = await lockWaitingOrder(tx, orderId);
    if (!order) return NO_DRIVER;
    if (unmovedSince !== undefined && (await movedSince(tx, orderId, unmovedSince))) return NO_DRIVER;
    const restaurant = knownPlace(order);
    if (!restaurant) return nobodyFor(tx, raise, orderId);
    const cash = order.cashLimit === null ? undefined : { currencySymbol: order.currencySymbol, limit: order.cashLimit };
    const search: NearestDriverSearch = {
      point: restaurant,
      restaurantId: order.restaurantId,
      radiusMeters: radiusMeters(deps),
      orderId,
      passedOver: [],
      cash,
    };
    for (const lockNearest of searchesFor(order.collectedNearby)) {
      for (;;) {
        const driver = await lockNearest(tx, search);
        if (!driver) break;
        const offerable = await offerableNow(tx, driver.userId, search);
        if (offerable === 'orderOffered') return NO_DRIVER;
        if (offerable === 'driverTaken') {
          search.passedOver.push(driver.userId);
          continue;
        }
        const offer = await makeOffer(tx, deps, raise, orderId, driver.userId);
        return { outcome: { offered: true, driverName: driver.fullName, seconds: offer.seconds } };
      }
    }
    return nobodyFor(tx, raise, orderId);
  });
}

/**
 * Offers a driver who has just come online or become available the nearest ready order waiting
 * within the radius of them that they have room for by the batching rule, have not declined or
 * missed, and that nobody holds an offer of, if they may be offered one now. Whether an order was
 * offered.
 */
export async function offerWaitingOrder(deps: DispatchDeps, driverId: string): Promise<boolean> {
  return transactionWithEvents(deps.db, async (tx, raise) => {
    const driver = await lockDriver(tx, driverId);
    const position = driver && knownPlace(driver);
    if (!driver?.isVerified || !driver.isAvailable || !driver.positionFresh || !position) return false;
    if (await lockOpenOffer(tx, { driverId })) return false;
    const passedOver: string[] = [];
    for (;;) {
      const order = await lockNearestWaitingOrder(tx, {
        driverId,
        point: position,
        radiusMeters: radiusMeters(deps),
        passedOver,
      });
      if (!order) return false;
      if (!(await lockOpenOffer(tx, { orderId: order.id })) && !(await carryRefusalNow(tx, driverId, order.id))) {
        await makeOffer(tx, deps, raise, order.id, driverId);
        return true;
      }
      passedOver.push(order.id);
    }
  });
}
