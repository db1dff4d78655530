import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reorderSchema } from '@shared/orders/reorder.js';
import { orderIdParamsSchema } from '@shared/orders/schemas.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { mayPlaceOrders } from '../policy.js';
import { reorder } from './reorder.js';

/** 'Order again', mounted at /api/orders: GET /:id/reorder rebuilds the customer's own order against today's menu. */
export const reorderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(mayPlaceOrders));

  app.get('/:id/reorder', { schema: { params: orderIdParamsSchema, response: { 200: reorderSchema } } }, (request) =>
    reorder(app.db, requireUser(request), request.params.id),
  );
};
