import { CASH_MESSAGES } from '@shared/drivers/cash.js';
import { CLOSURE_MESSAGES, statusAfterReassign } from '@shared/orders/closures.js';
import { ORDER_MESSAGES } from '@shared/orders/schemas.js';
import type { OrderMoved } from '@shared/orders/views.js';
import { topics } from '@shared/realtime/events.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import type { AuthUser } from '../core/identity.js';
import { findOrderParties, judgeReassign } from '../policy.js';
import { transactionWithEvents } from '../realtime/publish.js';
import { refuseOverCashLimit } from './cashLimit.js';
import { moveRefusal, raiseMove, toOrderMoved, type MoveDeps } from './moves.js';
import { updateStatusIfCurrent } from './movesRepository.js';
import { queueAssignmentPush } from './pushes.js';

/**
 * Support gives an order to another driver (POST /api/admin/orders/:id/reassign): one on the road
 * (accepted or picked up) keeps its status with its new driver, whatever state the old driver's
 * account is in; a ready one waiting for a driver is accepted by them, as dispatch gives it. The
 * new driver must be verified, enabled and have room for it by the batching rule, and under the cash limit for a cash order (422
 * otherwise, as when they accept one), and is held as dispatch holds them
 * (moveEffects.drivers.holdForAssignment); the old driver is free again once this commits. One conditional
 * UPDATE (same status, same old driver), so of two reassignments at once one wins and the other
 * answers 409. The new driver's dashboard hears of it, and so does the old driver's, and the new
 * driver's devices get a push message; the customer is not emailed, their order's status has not
 * changed for them.
 */
export async function reassignOrder(
  { db, jobs, moveEffects }: MoveDeps,
  admin: AuthUser,
  orderId: string,
  driverId: string,
): Promise<OrderMoved> {
  return transactionWithEvents(db, async (tx, raise) => {
    const order = await findOrderParties(tx, orderId);
    if (!order) throw notFound(ORDER_MESSAGES.notFound);
    const verdict = judgeReassign(admin, order, driverId);
    if (verdict === 'already') throw conflict(CLOSURE_MESSAGES.sameDriver);
    if (verdict === 'impossible') throw unprocessable(CLOSURE_MESSAGES.noDriverToChange);
    if (verdict !== 'allowed') throw moveRefusal[verdict](order.status, order.status);
    await moveEffects.drivers.holdForAssignment(tx, driverId, orderId);
    await refuseOverCashLimit(tx, driverId, orderId, CASH_MESSAGES.riderOverLimit);

    const moved = await updateStatusIfCurrent(tx, {
      orderId,
      from: order.status,
      to: statusAfterReassign(order.status),
      driverBefore: order.driverId,
      driverAfter: driverId,
    });
    if (!moved) throw conflict(ORDER_MESSAGES.changedMeanwhile);
    if (order.status === 'ready') await moveEffects.drivers.settleOffer(tx, raise, orderId);
    if (order.driverId) await moveEffects.drivers.offerWaiting(tx, order.driverId);
    raiseMove(raise, moved, order.status, { assigned: true });
    await queueAssignmentPush(tx, jobs, { id: orderId, driverId });
    if (order.driverId) {
      const event = { type: 'order.status', orderId, status: moved.status, driverId } as const;
      raise({ ...event, topic: topics.driver(order.driverId) });
    }
    return toOrderMoved(moved);
  });
}
