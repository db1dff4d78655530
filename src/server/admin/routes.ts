import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOrderPageSchema, adminOrdersQuerySchema } from '@shared/orders/views.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { listAllOrders } from '../orders/service.js';
import { oversees } from '../policy.js';

/** The admin area's API, mounted at /api/admin. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(oversees));

  app.get('/orders', { schema: { querystring: adminOrdersQuerySchema, response: { 200: adminOrderPageSchema } } }, (request) =>
    listAllOrders(app.db, requireUser(request), request.query),
  );
};
