import type { FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { orders } from '../db/schema.js';
import { counterLimit } from '../http/rateLimits.js';

const tooManyOrders = (after: string) => `You have placed several orders in a short time. Please try again in ${after}.`;

/**
 * Limits the orders a customer places per RATE_LIMIT_WINDOW_SECONDS (RATE_LIMIT_ORDERS_MAX),
 * with a 429 saying when to try again; undefined when limits are off. A checkout whose order
 * already exists is a retry that gets that order back: it is neither counted nor refused.
 */
export function checkoutLimit(app: FastifyInstance) {
  const limit = counterLimit(app, {
    name: 'orders',
    max: app.config.RATE_LIMIT_ORDERS_MAX,
    key: (request) => request.user?.userId,
    message: tooManyOrders,
  });
  if (!limit) return undefined;
  return async (request: FastifyRequest, orderId: string): Promise<void> => {
    const [placed] = await app.db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).limit(1);
    if (!placed) await limit(request);
  };
}
