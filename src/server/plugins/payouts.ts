import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { payoutContext } from '../payouts/context.js';
import { receiveTransferEvent } from '../payouts/transfers.js';

/**
 * Hands the payment webhook (payments, below payouts) the handler of Paystack's transfer events,
 * since Paystack posts every event to the one webhook URL (payments/context.ts TransferEventHandler).
 */
export const payoutsPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('transferEvents', (event: unknown, log) => receiveTransferEvent(payoutContext(app, log), event));
});
