import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminRestaurantPageSchema,
  adminRestaurantsQuerySchema,
  adminRestaurantViewSchema,
  restaurantActiveBodySchema,
  type AdminRestaurantsQuery,
  type AdminRestaurantView,
} from '@shared/admin/restaurants.js';
import type { Page } from '@shared/paging.js';
import { RESTAURANT_MESSAGES, restaurantIdParamsSchema } from '@shared/restaurants/schemas.js';
import type { AuthUser } from '../core/identity.js';
import type { Queryable } from '../db/client.js';
import { toPage } from '../db/keyset.js';
import { forbidden, notFound } from '../http/errors.js';
import { requireUser } from '../http/guards.js';
import { oversees } from '../policy.js';
import {
  findAdminRestaurantRow,
  listAdminRestaurantRows,
  setRestaurantActive,
  type AdminRestaurantRow,
} from './restaurantsRepository.js';

const toView = ({ cursorMicros: _cursor, createdAt, ...row }: AdminRestaurantRow): AdminRestaurantView => ({
  ...row,
  createdAt: createdAt.toISOString(),
});

/** Restaurant Management: every restaurant, active or not, newest first, found by name or address. */
async function listRestaurantsForAdmin(
  db: Queryable,
  admin: AuthUser,
  query: AdminRestaurantsQuery,
): Promise<Page<AdminRestaurantView>> {
  if (!oversees(admin)) throw forbidden();
  const rows = await listAdminRestaurantRows(db, query.q || undefined, query);
  return toPage(rows, query.limit, toView);
}

/**
 * Opens a restaurant to customers or takes it off the platform. Checkout asks the database for
 * is_active each time; the public reads (the list, the restaurant, its menu) are kept in each
 * instance's catalog cache, which the change's trigger empties of this restaurant when the update
 * commits (decision 012). So an inactive restaurant is gone from discovery and refuses orders
 * from the next request on; orders already placed go on. Either way the restaurant no longer awaits
 * approval (restaurants.awaiting_approval), since an admin has decided; otherwise setting what is
 * already set changes nothing.
 */
async function setRestaurantActiveForAdmin(
  db: Queryable,
  admin: AuthUser,
  restaurantId: string,
  active: boolean,
): Promise<AdminRestaurantView> {
  if (!oversees(admin)) throw forbidden();
  if (!(await setRestaurantActive(db, restaurantId, active))) throw notFound(RESTAURANT_MESSAGES.notFound);
  const row = await findAdminRestaurantRow(db, restaurantId);
  if (!row) throw notFound(RESTAURANT_MESSAGES.notFound);
  return toView(row);
}

/** Restaurant Management's API, mounted at /api/admin/restaurants inside the admin routes (whose hook lets only admins in). */
export const adminRestaurantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    { schema: { querystring: adminRestaurantsQuerySchema, response: { 200: adminRestaurantPageSchema } } },
    (request) => listRestaurantsForAdmin(app.db, requireUser(request), request.query),
  );

  app.patch(
    '/:id/active',
    {
      schema: {
        params: restaurantIdParamsSchema,
        body: restaurantActiveBodySchema,
        response: { 200: adminRestaurantViewSchema },
      },
    },
    (request) => setRestaurantActiveForAdmin(app.db, requireUser(request), request.params.id, request.body.active),
  );
};
