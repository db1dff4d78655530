import { CLOSURE_MESSAGES } from '@shared/orders/closures.js';
import { ORDER_MESSAGES } from '@shared/orders/schemas.js';
import type { OrderMoved } from '@shared/orders/views.js';
import { topics } from '@shared/realtime/events.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import type { AuthUser } from '../core/identity.js';
import { findOrderParties, judgeTakeBack } from '../policy.js';
import { transactionWithEvents } from '../realtime/publish.js';
import { announceMove, moveRefusal, toOrderMoved, type MoveDeps } from './moves.js';
import { updateStatusIfCurrent } from './movesRepository.js';

/**
 * Support takes an order back from its rider (POST /api/admin/orders/:id/take-back, decision
 * 031): an accepted order, before pickup, is ready again with no rider, keeping the time it was
 * first ready. One conditional UPDATE (still accepted, same rider), so a rider picking it up or
 * giving it back meanwhile makes this answer 409, and so does a second take-back. A picked-up
 * order cannot be taken back (422): the rider has the food. The kitchen, the admins and the riders
 * looking for orders hear of it as of a rider giving it back (the customer is not emailed, it was
 * ready already), and so does the rider it was taken from, whose dashboard drops it. Dispatch is
 * not asked: the order waits for an admin to assign it or a rider to accept it from the list.
 */
export async function takeBackOrder({ db, jobs }: MoveDeps, admin: AuthUser, orderId: string): Promise<OrderMoved> {
  return transactionWithEvents(db, async (tx, raise) => {
    const order = await findOrderParties(tx, orderId);
    if (!order) throw notFound(ORDER_MESSAGES.notFound);
    const verdict = judgeTakeBack(admin, order);
    if (verdict === 'already') throw conflict(CLOSURE_MESSAGES.alreadyWaiting);
    if (verdict === 'impossible') {
      throw unprocessable(order.status === 'picked_up' ? CLOSURE_MESSAGES.takeBackPickedUp : CLOSURE_MESSAGES.takeBackImpossible);
    }
    if (verdict !== 'allowed') throw moveRefusal[verdict](order.status, 'ready');

    const moved = await updateStatusIfCurrent(tx, {
      orderId,
      from: order.status,
      to: 'ready',
      driverBefore: order.driverId,
      driverAfter: null,
    });
    if (!moved) throw conflict(ORDER_MESSAGES.changedMeanwhile);
    await announceMove(tx, jobs, raise, moved, order.status);
    if (order.driverId) {
      raise({ type: 'order.status', orderId, status: moved.status, driverId: null, topic: topics.driver(order.driverId) });
    }
    return toOrderMoved(moved);
  });
}
