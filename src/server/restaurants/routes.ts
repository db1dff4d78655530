import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restaurantBodySchema } from '@shared/restaurants/form.js';
import {
  ownRestaurantSchema,
  publicRestaurantListSchema,
  publicRestaurantSchema,
  publicRestaurantsQuerySchema,
  restaurantIdParamsSchema,
} from '@shared/restaurants/schemas.js';
import { sendCached } from '../http/cachedReply.js';
import { jsonStringifier } from '../http/fastSerializer.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { routeLimit } from '../http/rateLimits.js';
import type { AuthUser } from '../core/identity.js';
import { isAdmin, ownsRestaurants } from '../policy.js';
import { catalogKeys } from './catalog.js';
import { cachedRestaurantList } from './publicList.js';
import { editRestaurant, getOwnRestaurant, getPublicRestaurant, listPublicRestaurants, setUpRestaurant } from './service.js';

/** Who may change a restaurant at all; which one is the policy's runsKitchen, asked by the service. */
export const runsAKitchen = (user: AuthUser) => ownsRestaurants(user) || isAdmin(user);

const stringifyRestaurant = jsonStringifier(publicRestaurantSchema);

/**
 * Restaurants, mounted at /api/restaurants: the public reads need no sign-in and are served from
 * the public cache with an ETag; /mine, setting up
 * (POST /) and changing one (PATCH /:id) are the owner's.
 */
export const restaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: { querystring: publicRestaurantsQuerySchema, response: { 200: publicRestaurantListSchema } },
      // A search is answered by the database each time, whoever asks: searches are counted per
      // client IP; the unsearched list comes from memory and is never limited.
      config: {
        rateLimit: {
          ...routeLimit(app.config, app.config.RATE_LIMIT_SEARCH_MAX),
          allowList: (request) => !new URL(request.url, 'http://local').searchParams.has('q'),
        },
      },
    },
    async (request, reply) => {
      // A search's text is whatever the customer typed: only the unsearched list is kept, so the cache stays bounded.
      if (request.query.q) return listPublicRestaurants(app.db, request.query);
      return sendCached(request, reply, await cachedRestaurantList(app));
    },
  );

  app.get('/mine', { onRequest: allowOnly(ownsRestaurants), schema: { response: { 200: ownRestaurantSchema } } }, (request) =>
    getOwnRestaurant(app.db, requireUser(request)),
  );

  app.get(
    '/:id',
    { schema: { params: restaurantIdParamsSchema, response: { 200: publicRestaurantSchema } } },
    async (request, reply) => {
      const { id } = request.params;
      const restaurant = await app.publicCache.get(catalogKeys.restaurant(id), async () =>
        stringifyRestaurant(await getPublicRestaurant(app.db, id)),
      );
      return sendCached(request, reply, restaurant);
    },
  );

  app.post(
    '/',
    { onRequest: allowOnly(ownsRestaurants), schema: { body: restaurantBodySchema, response: { 201: ownRestaurantSchema } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await setUpRestaurant({ db: app.db, storage: app.storage, config: app.config }, requireUser(request), request.body),
        ),
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
