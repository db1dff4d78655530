import type { MoveEffects } from '../orders/moveEffects.js';
import { waitsAlongside } from './batchingRepository.js';
import { holdDriverForAssignment, holdDriverForOrder } from './driverGate.js';
import { settleOffer } from './offers.js';
import { insertDecline } from './repository.js';
import { dispatchOrder, type DispatchDeps } from './service.js';

/** Dispatch's part of what an order move asks (orders/moveEffects.ts). */
export const dispatchMoveEffects = (deps: DispatchDeps): MoveEffects['drivers'] => ({
  holdForOrder: holdDriverForOrder,
  holdForAssignment: holdDriverForAssignment,
  recordDecline: insertDecline,
  settleOffer: (tx, raise, orderId, takenBy) => settleOffer(tx, deps, raise, orderId, takenBy),
  offerWaiting: async (tx, driverId) => {
    await deps.jobs.send(tx, 'offer-rider', { driverId });
  },
  offerAlongside: async (tx, driverId, orderId) => {
    if (await waitsAlongside(tx, orderId)) await deps.jobs.send(tx, 'offer-rider', { driverId });
  },
  dispatch: (orderId) => dispatchOrder(deps, orderId),
});
