import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EARNINGS_MESSAGES, earningsQuerySchema, earningsSchema } from '@shared/drivers/earnings.js';
import { statementQuerySchema, statementSchema } from '@shared/ledger/statement.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { replyStatement } from '../ledger/statementReply.js';
import { makesDeliveries } from '../policy.js';
import { readEarnings } from './earnings.js';

/**
 * The rider's money, mounted at /api/drivers: GET /me/earnings (today, this week, owed, cash held
 * and their deliveries) and GET /me/statement (a page of their earnings account, or ?format=csv)
 * and /me/statement.csv. Every route is for drivers, each about themselves.
 */
export const earningsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(makesDeliveries, EARNINGS_MESSAGES.notDriver));

  app.get('/me/earnings', { schema: { querystring: earningsQuerySchema, response: { 200: earningsSchema } } }, (request) =>
    readEarnings(app.db, requireUser(request).userId, request.query),
  );

  const rider = (userId: string) => ({ account: 'rider' as const, ownerId: userId });

  app.get(
    '/me/statement',
    { schema: { querystring: statementQuerySchema, response: { 200: statementSchema } } },
    (request, reply) => replyStatement(app.database, reply, rider(requireUser(request).userId), request.query, 'earnings'),
  );

  app.get('/me/statement.csv', { schema: { querystring: statementQuerySchema } }, (request, reply) =>
    replyStatement(app.database, reply, rider(requireUser(request).userId), { ...request.query, format: 'csv' }, 'earnings'),
  );
};
