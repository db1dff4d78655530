import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicRestaurantListSchema, publicRestaurantSchema, restaurantIdParamsSchema } from '@shared/restaurants/schemas.js';
import { getPublicRestaurant, listPublicRestaurants } from './service.js';

/** Public restaurant reads, mounted at /api/restaurants. No sign-in needed. */
export const restaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: { 200: publicRestaurantListSchema } } }, () => listPublicRestaurants(app.db));

  app.get('/:id', { schema: { params: restaurantIdParamsSchema, response: { 200: publicRestaurantSchema } } }, (request) =>
    getPublicRestaurant(app.db, request.params.id),
  );
};
