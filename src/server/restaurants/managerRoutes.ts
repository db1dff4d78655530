import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { managerListSchema, managerParamsSchema } from '@shared/restaurants/managers.js';
import { restaurantIdParamsSchema } from '@shared/restaurants/schemas.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { listRestaurantManagers, removeManager } from './managers.js';
import { runsAKitchen } from './routes.js';

/**
 * A restaurant's managers, mounted at /api/restaurants: GET /:id/managers and DELETE
 * /:id/managers/:userId. Managers join by accepting an invitation (invitationRoutes.ts).
 */
export const managerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(runsAKitchen));

  app.get('/:id/managers', { schema: { params: restaurantIdParamsSchema, response: { 200: managerListSchema } } }, (request) =>
    listRestaurantManagers(app.db, requireUser(request), request.params.id),
  );

  app.delete('/:id/managers/:userId', { schema: { params: managerParamsSchema } }, async (request, reply) => {
    await removeManager(app.db, requireUser(request), request.params.id, request.params.userId);
    return reply.status(204).send();
  });
};
