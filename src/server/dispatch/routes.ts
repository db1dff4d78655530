import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdParamsSchema } from '@shared/orders/schemas.js';
import { orderMovedSchema } from '@shared/orders/views.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { makesDeliveries } from '../policy.js';
import { moveOrderAndDispatch } from '../orders/moves.js';

/**
 * Mounted at /api/orders: POST /:id/decline, the assigned driver giving an order back before
 * pickup. It is the machine's accepted-to-ready move, which only drivers make (and only on their
 * own order), after which the order goes to the next nearest driver who has not declined it.
 */
export const dispatchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/decline',
    {
      onRequest: allowOnly(makesDeliveries),
      schema: { params: orderIdParamsSchema, response: { 200: orderMovedSchema } },
    },
    (request) => moveOrderAndDispatch(app, requireUser(request), request.params.id, 'ready'),
  );
};
