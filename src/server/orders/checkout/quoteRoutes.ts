import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deliveryQuoteQuerySchema, deliveryQuoteViewSchema } from '@shared/delivery/fees.js';
import { quoteDelivery } from './quote.js';

/**
 * GET /api/delivery/quote: what checkout will charge to deliver a restaurant's food to a pin, and
 * its minimum order (decision 022). Public: it says nothing about anyone, and the cart asks it
 * before the customer signs in.
 */
export const deliveryQuoteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/quote',
    { schema: { querystring: deliveryQuoteQuerySchema, response: { 200: deliveryQuoteViewSchema } } },
    (request) => quoteDelivery(app.database.statements, request.query),
  );
};
