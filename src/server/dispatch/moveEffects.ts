import type { FastifyBaseLogger } from 'fastify';
import type { MoveEffects } from '../orders/moveEffects.js';
import { waitsAlongside } from './batchingRepository.js';
import { holdDriverForAssignment, holdDriverForOrder } from './driverGate.js';
import { settleOffer } from './offers.js';
import { insertDecline } from './repository.js';
import { dispatchOrder, type DispatchDeps } from './service.js';

/**
 * How long after a move to ready its stand-in dispatch comes due: long enough for the dispatch that
 * follows the move to have run and cancelled it, short enough for an order whose instance died
 * in between to wait little.
 */
const DISPATCH_STAND_IN_SECONDS = 20;

/** Dispatch's part of what an order move asks (orders/moveEffects.ts). */
export const dispatchMoveEffects = (deps: DispatchDeps & { log: FastifyBaseLogger }): MoveEffects['drivers'] => ({
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
  dispatchLater: (tx, orderId, movedAt) =>
    deps.jobs.sendLater(tx, 'offer-next', { orderId, unmovedSince: movedAt }, DISPATCH_STAND_IN_SECONDS),
  dispatch: async (orderId, later) => {
    const dispatched = await dispatchOrder(deps, orderId);
    // Not waited for: should it fail, the stand-in finds the order offered or moved and does nothing.
    void deps.jobs
      .cancel('offer-next', later)
      .catch((error: unknown) => deps.log.warn({ err: error, orderId }, 'could not cancel the stand-in dispatch of an order'));
    return dispatched;
  },
});
