import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CASH_MESSAGES, cashHandInPageSchema } from '@shared/drivers/cash.js';
import { pageQuerySchema } from '@shared/paging.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { listCashHandIns } from '../ledger/cashHandIns.js';
import { makesDeliveries } from '../policy.js';

/**
 * The rider's own cash (issue 22 item 4), mounted at /api/drivers: GET /me/cash-hand-ins, a page of
 * the hand-ins recorded for them, newest first, with the cash they hold and each currency's limit.
 */
export const riderCashRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(makesDeliveries, CASH_MESSAGES.onlyDrivers));

  app.get('/me/cash-hand-ins', { schema: { querystring: pageQuerySchema, response: { 200: cashHandInPageSchema } } }, (request) =>
    listCashHandIns(app.db, requireUser(request).userId, request.query),
  );
};
