import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { busyBodySchema, busyViewSchema } from '@shared/restaurants/busy.js';
import { restaurantIdParamsSchema } from '@shared/restaurants/schemas.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { clearKitchenBusy, markKitchenBusy } from './busy.js';
import { runsAKitchen } from './routes.js';

/**
 * Marking the kitchen busy from the board, mounted at /api/restaurants: PUT /:id/busy adds 10, 20
 * or 30 minutes to the preparation time of new orders, DELETE /:id/busy goes back to normal. Its
 * owner's, and admins'.
 */
export const busyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(runsAKitchen));

  app.put(
    '/:id/busy',
    { schema: { params: restaurantIdParamsSchema, body: busyBodySchema, response: { 200: busyViewSchema } } },
    (request) => markKitchenBusy(app.db, requireUser(request), request.params.id, request.body.minutes),
  );

  app.delete('/:id/busy', { schema: { params: restaurantIdParamsSchema, response: { 200: busyViewSchema } } }, (request) =>
    clearKitchenBusy(app.db, requireUser(request), request.params.id),
  );
};
