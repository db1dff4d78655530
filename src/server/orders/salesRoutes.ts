import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { managedRestaurantListSchema, salesSummaryQuerySchema, salesSummarySchema } from '@shared/orders/sales.js';
import { restaurantIdParamsSchema } from '@shared/restaurants/schemas.js';
import { requireUser, signedIn } from '../http/guards.js';
import { getSalesSummary, listSalesRestaurants } from './sales.js';

/**
 * Sales of restaurants, mounted at /api/restaurants: the restaurants whose sales the user sees
 * (GET /managed) and one restaurant's summary over a period (GET /:id/sales?period=).
 * The transactions themselves are GET /:id/transactions (restaurantRoutes.ts).
 */
export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', signedIn);

  app.get('/managed', { schema: { response: { 200: managedRestaurantListSchema } } }, (request) =>
    listSalesRestaurants(app.database, requireUser(request)),
  );

  app.get(
    '/:id/sales',
    { schema: { params: restaurantIdParamsSchema, querystring: salesSummaryQuerySchema, response: { 200: salesSummarySchema } } },
    (request) => getSalesSummary(app.database, requireUser(request), request.params.id, request.query),
  );
};
