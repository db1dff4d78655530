import type { FastifyInstance } from 'fastify';
import { publicRestaurantListSchema } from '@shared/restaurants/schemas.js';
import { jsonStringifier } from '../http/fastSerializer.js';
import type { CachedResponse } from '../http/responseCache.js';
import { catalogKeys } from './catalog.js';
import { listPublicRestaurants } from './service.js';

const stringifyList = jsonStringifier(publicRestaurantListSchema);

/** Every active restaurant as GET /api/restaurants answers it unsearched, from the public cache. */
export const cachedRestaurantList = (app: FastifyInstance): Promise<CachedResponse> =>
  app.publicCache.get(catalogKeys.list, async () => stringifyList(await listPublicRestaurants(app.db, {})));
