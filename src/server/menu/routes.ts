import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicMenuSchema } from '@shared/menu/schemas.js';
import { restaurantIdParamsSchema } from '@shared/restaurants/schemas.js';
import { getPublicMenu } from './service.js';

/** The public menu, mounted at /api/restaurants (GET /api/restaurants/:id/menu). No sign-in needed. */
export const publicMenuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:id/menu', { schema: { params: restaurantIdParamsSchema, response: { 200: publicMenuSchema } } }, (request) =>
    getPublicMenu(app.db, request.params.id),
  );
};
