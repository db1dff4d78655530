import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { statementQuerySchema, statementSchema, type StatementQuery } from '@shared/ledger/statement.js';
import { RESTAURANT_MESSAGES, restaurantIdParamsSchema } from '@shared/restaurants/schemas.js';
import type { Database } from '../db/client.js';
import type { AuthUser } from '../core/identity.js';
import { forbidden, notFound } from '../http/errors.js';
import { requireUser, signedIn } from '../http/guards.js';
import { refusalForRestaurant, seesSales } from '../policy.js';
import { findRestaurantBasics } from '../restaurants/repository.js';
import { replyStatement } from './statementReply.js';

/**
 * A restaurant's statement, mounted at /api/restaurants: GET /:id/statement (a page of JSON, or
 * ?format=csv) and GET /:id/statement.csv (the whole period as a download). It is what the
 * platform owes the restaurant, read by whoever sees its sales: its owner, its managers and
 * admins; to another owner or manager the restaurant does not exist (404), to other roles 403.
 */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', signedIn);

  async function restaurantFor(user: AuthUser, restaurantId: string) {
    if (!(await seesSales(app.db, user, restaurantId))) {
      throw refusalForRestaurant(user, 'sales') === 'notFound' ? notFound(RESTAURANT_MESSAGES.notFound) : forbidden();
    }
    const restaurant = await findRestaurantBasics(app.db, restaurantId);
    if (!restaurant) throw notFound(RESTAURANT_MESSAGES.notFound);
    return restaurant;
  }

  const answer = async (database: Database, user: AuthUser, restaurantId: string, query: StatementQuery, reply: FastifyReply) => {
    const restaurant = await restaurantFor(user, restaurantId);
    const owner = { account: 'restaurant' as const, ownerId: restaurantId, currencySymbol: restaurant.currencySymbol };
    return replyStatement(database, reply, owner, query, restaurant.name);
  };

  app.get(
    '/:id/statement',
    { schema: { params: restaurantIdParamsSchema, querystring: statementQuerySchema, response: { 200: statementSchema } } },
    (request, reply) => answer(app.database, requireUser(request), request.params.id, request.query, reply),
  );

  app.get(
    '/:id/statement.csv',
    { schema: { params: restaurantIdParamsSchema, querystring: statementQuerySchema } },
    (request, reply) => answer(app.database, requireUser(request), request.params.id, { ...request.query, format: 'csv' }, reply),
  );
};
