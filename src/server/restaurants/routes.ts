import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ownRestaurantSchema,
  publicRestaurantListSchema,
  publicRestaurantSchema,
  restaurantIdParamsSchema,
} from '@shared/restaurants/schemas.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { ownsRestaurants } from '../policy.js';
import { getOwnRestaurant, getPublicRestaurant, listPublicRestaurants } from './service.js';

/** Restaurant reads, mounted at /api/restaurants: the public ones need no sign-in; /mine is the owner's. */
export const restaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { response: { 200: publicRestaurantListSchema } } }, () => listPublicRestaurants(app.db));

  app.get('/mine', { onRequest: allowOnly(ownsRestaurants), schema: { response: { 200: ownRestaurantSchema } } }, (request) =>
    getOwnRestaurant(app.db, requireUser(request)),
  );

  app.get('/:id', { schema: { params: restaurantIdParamsSchema, response: { 200: publicRestaurantSchema } } }, (request) =>
    getPublicRestaurant(app.db, request.params.id),
  );
};
