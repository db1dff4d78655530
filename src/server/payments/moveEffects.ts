import type { Jobs } from '../jobs/jobs.js';
import type { MoveEffects } from '../orders/moveEffects.js';
import { queueRefund } from './refunds.js';
import { findPaidCardPayment, oweRefundForOrder } from './repository.js';

/** Payments' part of what an order move asks (orders/moveEffects.ts): the refund a cancelled card order owes, and its job. */
export const paymentMoveEffects = (jobs: Jobs): MoveEffects['refunds'] => ({
  findPaidCardPayment,
  oweForOrder: async (tx, orderId, reason, found) => queueRefund(tx, jobs, await oweRefundForOrder(tx, orderId, reason, found)),
});
