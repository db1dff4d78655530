import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restaurantBodySchema } from '@shared/restaurants/form.js';
import {
  ownRestaurantSchema,
  publicRestaurantListSchema,
  publicRestaurantSchema,
  publicRestaurantsQuerySchema,
  restaurantIdParamsSchema,
} from '@shared/restaurants/schemas.js';
import { allowOnly, requireUser } from '../http/guards.js';
import type { AuthUser } from '../core/identity.js';
import { isAdmin, ownsRestaurants } from '../policy.js';
import { editRestaurant, getOwnRestaurant, getPublicRestaurant, listPublicRestaurants, setUpRestaurant } from './service.js';

/** Who may change a restaurant at all; which one is the policy's runsKitchen, asked by the service. */
export const runsAKitchen = (user: AuthUser) => ownsRestaurants(user) || isAdmin(user);

/**
 * Restaurants, mounted at /api/restaurants: the public reads need no sign-in; /mine, setting up
 * (POST /) and changing one (PATCH /:id) are the owner's.
 */
export const restaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { querystring: publicRestaurantsQuerySchema, response: { 200: publicRestaurantListSchema } } },
    (request) => listPublicRestaurants(app.db, request.query),
  );

  app.get('/mine', { onRequest: allowOnly(ownsRestaurants), schema: { response: { 200: ownRestaurantSchema } } }, (request) =>
    getOwnRestaurant(app.db, requireUser(request)),
  );

  app.get('/:id', { schema: { params: restaurantIdParamsSchema, response: { 200: publicRestaurantSchema } } }, (request) =>
    getPublicRestaurant(app.db, request.params.id),
  );

  app.post(
    '/',
    { onRequest: allowOnly(ownsRestaurants), schema: { body: restaurantBodySchema, response: { 201: ownRestaurantSchema } } },
    async (request, reply) =>
      reply.status(201).send(await setUpRestaurant({ db: app.db, storage: app.storage }, requireUser(request), request.body)),
  );

  app.patch(
    '/:id',
    {
      onRequest: allowOnly(runsAKitchen),
      schema: { params: restaurantIdParamsSchema, body: restaurantBodySchema, response: { 200: ownRestaurantSchema } },
    },
    (request) => editRestaurant({ db: app.db, storage: app.storage }, requireUser(request), request.params.id, request.body),
  );
};
