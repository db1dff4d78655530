import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { driverIdParamsSchema } from '@shared/admin/drivers.js';
import { cashHandInPageSchema, cashHandInSchema, cashHandInViewSchema } from '@shared/drivers/cash.js';
import { pageQuerySchema } from '@shared/paging.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { listCashHandIns, recordCashHandIn } from '../ledger/cashHandIns.js';
import { recordsCashHandIns } from '../policy.js';

/**
 * Riders' cash hand-ins (issue 22 item 4), inside the admin routes: GET and POST
 * /drivers/:id/cash-hand-ins. POST answers 201 with the hand-in, or 200 with the one already
 * recorded under that reference (ledger/cashHandIns.ts), which also queues the offer of a cash order
 * waiting near the rider, now maybe back under the cash limit.
 */
export const cashHandInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(recordsCashHandIns));

  app.get(
    '/drivers/:id/cash-hand-ins',
    { schema: { params: driverIdParamsSchema, querystring: pageQuerySchema, response: { 200: cashHandInPageSchema } } },
    (request) => listCashHandIns(app.db, request.params.id, request.query),
  );

  app.post(
    '/drivers/:id/cash-hand-ins',
    {
      schema: {
        params: driverIdParamsSchema,
        body: cashHandInSchema,
        response: { 200: cashHandInViewSchema, 201: cashHandInViewSchema },
      },
    },
    async (request, reply) => {
      const { handIn, replayed } = await recordCashHandIn(app, requireUser(request).userId, request.params.id, request.body);
      return reply.status(replayed ? 200 : 201).send(handIn);
    },
  );
};
