import { CLOSURE_MESSAGES, type CloseOrder } from '@shared/orders/closures.js';
import { ORDER_MESSAGES } from '@shared/orders/schemas.js';
import type { OrderMoved } from '@shared/orders/views.js';
import { PAYMENT_MESSAGES } from '@shared/payments/schemas.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import type { AuthUser } from '../core/identity.js';
import { findOrderParties, judgeClosure } from '../policy.js';
import { transactionWithEvents } from '../realtime/publish.js';
import { announceMove, moveRefusal, toOrderMoved, type MoveDeps } from './moves.js';
import { updateStatusIfCurrent } from './movesRepository.js';

/**
 * Support closes an unfinished order by hand (POST /api/admin/orders/:id/close), as delivered or
 * as cancelled, from any status and whatever state its driver's account is in: no delivery code
 * is asked for, and the reason and the admin are kept on the order. Closing as delivered counts
 * as a delivery everywhere (sales, the rolled-up days, the customer's email). Cancelling an order
 * paid by card needs the admin's choice, made in this same step: refund it in full (owed in this
 * transaction with the job that sends it once it commits, as any cancellation's) or keep the payment (the food was
 * delivered or eaten). One conditional UPDATE, so the same request twice at once closes it once
 * and the other answers 409.
 */
export async function closeOrder(
  { db, jobs, moveEffects: { drivers, refunds } }: MoveDeps,
  admin: AuthUser,
  orderId: string,
  { outcome, reason, refund }: CloseOrder,
): Promise<OrderMoved> {
  return transactionWithEvents(db, async (tx, raise) => {
    const order = await findOrderParties(tx, orderId);
    if (!order) throw notFound(ORDER_MESSAGES.notFound);
    const verdict = judgeClosure(admin, order, outcome);
    if (verdict !== 'allowed') throw moveRefusal[verdict](order.status, outcome);
    const cardPayment = outcome === 'cancelled' ? await refunds.findPaidCardPayment(tx, orderId) : undefined;
    if (cardPayment && !refund) throw unprocessable(CLOSURE_MESSAGES.refundChoiceNeeded);

    const moved = await updateStatusIfCurrent(tx, {
      orderId,
      from: order.status,
      to: outcome,
      driverBefore: order.driverId,
      closure: { reason, by: admin.userId },
      keepsPayment: refund === 'none',
    });
    if (!moved) throw conflict(ORDER_MESSAGES.changedMeanwhile);
    const refunded = cardPayment && refund === 'full' ? cardPayment : undefined;
    if (refunded) await refunds.oweForOrder(tx, orderId, PAYMENT_MESSAGES.orderCancelled, refunded);
    if (order.status === 'ready') await drivers.settleOffer(tx, raise, orderId);
    if (order.driverId) await drivers.offerWaiting(tx, order.driverId);
    await announceMove(tx, jobs, raise, moved, order.status, { refunded: refunded?.amount });
    return toOrderMoved(moved);
  });
}
