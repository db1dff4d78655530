import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ledgerBalancePageSchema, ledgerBalancesQuerySchema, ledgerCheckSchema } from '@shared/ledger/books.js';
import { allowOnly } from '../http/guards.js';
import { keepsBooks } from '../policy.js';
import { listBalances } from './balances.js';
import { checkLedger } from './check.js';

/** The admin's Ledger page: GET /check and GET /balances, mounted at /api/admin/ledger inside the admin routes. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(keepsBooks));

  app.get('/check', { schema: { response: { 200: ledgerCheckSchema } } }, () => checkLedger(app.db));

  app.get(
    '/balances',
    { schema: { querystring: ledgerBalancesQuerySchema, response: { 200: ledgerBalancePageSchema } } },
    (request) => listBalances(app.db, request.query),
  );
};
