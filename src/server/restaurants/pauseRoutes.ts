import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pauseBodySchema, pauseViewSchema } from '@shared/restaurants/hours.js';
import { restaurantIdParamsSchema } from '@shared/restaurants/schemas.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { pauseOrders, resumeOrders } from './pause.js';
import { runsAKitchen } from './routes.js';

/**
 * Pausing new orders from the board, mounted at /api/restaurants: POST /:id/pause for 15, 30 or
 * 60 minutes or until resumed, DELETE /:id/pause to take orders again. Its owner's, and admins'.
 */
export const pauseRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(runsAKitchen));

  app.post(
    '/:id/pause',
    { schema: { params: restaurantIdParamsSchema, body: pauseBodySchema, response: { 200: pauseViewSchema } } },
    (request) => pauseOrders(app.db, requireUser(request), request.params.id, request.body.minutes),
  );

  app.delete('/:id/pause', { schema: { params: restaurantIdParamsSchema, response: { 200: pauseViewSchema } } }, (request) =>
    resumeOrders(app.db, requireUser(request), request.params.id),
  );
};
