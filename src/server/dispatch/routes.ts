import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdParamsSchema } from '@shared/orders/schemas.js';
import { orderMovedSchema } from '@shared/orders/views.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { makesDeliveries } from '../policy.js';
import { moveOrderAndDispatch } from '../orders/moves.js';
import { declineOffer } from './offers.js';

/**
 * Mounted at /api/orders: POST /:id/decline, a driver declining the order offered to them
 * (offers.ts), or giving back an order they accepted before pickup: the machine's
 * accepted-to-ready move, which only drivers make (and only on their own order). Either way the
 * order goes to the next nearest driver who has not declined it.
 */
export const dispatchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/decline',
    {
      onRequest: allowOnly(makesDeliveries),
      schema: { params: orderIdParamsSchema, response: { 200: orderMovedSchema } },
    },
    async (request) => {
      const driver = requireUser(request);
      return (
        (await declineOffer(app, driver, request.params.id)) ?? moveOrderAndDispatch(app, driver, request.params.id, 'ready')
      );
    },
  );
};
