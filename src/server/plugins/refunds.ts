import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { paymentContext } from '../payments/context.js';
import { RefundSender } from '../payments/refunds.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the card refunds an order move owes (a paid order cancelled) once the move has committed. */
    refunds: RefundSender;
  }
}

/** One refund sender for the app, waited for when the app closes (before the database closes). */
export const refundsPlugin = fp(async (app: FastifyInstance) => {
  const refunds = new RefundSender(paymentContext(app));
  app.decorate('refunds', refunds);
  app.addHook('onClose', () => refunds.close());
});
