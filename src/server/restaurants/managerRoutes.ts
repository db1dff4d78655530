import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addedManagerSchema, managerEmailSchema, managerListSchema, managerParamsSchema } from '@shared/restaurants/managers.js';
import { restaurantIdParamsSchema } from '@shared/restaurants/schemas.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { addManager, listRestaurantManagers, removeManager } from './managers.js';
import { runsAKitchen } from './routes.js';

/** A restaurant's managers, mounted at /api/restaurants: GET, POST /:id/managers and DELETE /:id/managers/:userId. */
export const managerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(runsAKitchen));

  app.get('/:id/managers', { schema: { params: restaurantIdParamsSchema, response: { 200: managerListSchema } } }, (request) =>
    listRestaurantManagers(app.db, requireUser(request), request.params.id),
  );

  app.post(
    '/:id/managers',
    { schema: { params: restaurantIdParamsSchema, body: managerEmailSchema, response: { 201: addedManagerSchema } } },
    async (request, reply) => {
      const deps = { db: app.db, mailer: app.mailer, publicUrl: app.config.PUBLIC_URL };
      return reply.status(201).send(await addManager(deps, requireUser(request), request.params.id, request.body.email));
    },
  );

  app.delete('/:id/managers/:userId', { schema: { params: managerParamsSchema } }, async (request, reply) => {
    await removeManager(app.db, requireUser(request), request.params.id, request.params.userId);
    return reply.status(204).send();
  });
};
