import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  kitchenOrderPageSchema,
  kitchenOrdersQuerySchema,
  salesOrderPageSchema,
  salesQuerySchema,
} from '@shared/orders/views.js';
import { restaurantIdParamsSchema } from '@shared/restaurants/schemas.js';
import { requireUser, signedIn } from '../http/guards.js';
import { listKitchenOrders, listSales } from './service.js';

/**
 * A restaurant's orders, mounted at /api/restaurants: the kitchen board
 * (GET /:id/orders?tab=active|completed) and sales (GET /:id/transactions?tab=recent|completed).
 */
export const restaurantOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', signedIn);

  app.get(
    '/:id/orders',
    {
      schema: {
        params: restaurantIdParamsSchema,
        querystring: kitchenOrdersQuerySchema,
        response: { 200: kitchenOrderPageSchema },
      },
    },
    (request) => listKitchenOrders(app.db, requireUser(request), request.params.id, request.query),
  );

  app.get(
    '/:id/transactions',
    { schema: { params: restaurantIdParamsSchema, querystring: salesQuerySchema, response: { 200: salesOrderPageSchema } } },
    (request) => listSales(app.db, requireUser(request), request.params.id, request.query),
  );
};
