import type { MoveEffects } from '../orders/moveEffects.js';
import type { RefundSender } from './refunds.js';
import { findPaidCardPayment, oweRefundForOrder } from './repository.js';

/** Payments' part of what an order move asks (orders/moveEffects.ts): the refund a cancelled card order owes. */
export const paymentMoveEffects = (sender: RefundSender): MoveEffects['refunds'] => ({
  findPaidCardPayment,
  oweForOrder: oweRefundForOrder,
  sendLater: (refundId) => sender.sendLater(refundId),
});
