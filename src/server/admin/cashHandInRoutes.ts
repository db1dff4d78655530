import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { driverIdParamsSchema } from '@shared/admin/drivers.js';
import { cashHandInPageSchema, cashHandInSchema, cashHandInViewSchema } from '@shared/drivers/cash.js';
import { pageQuerySchema } from '@shared/paging.js';
import { offerWaitingOrder } from '../dispatch/service.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { listCashHandIns, recordCashHandIn } from '../ledger/cashHandIns.js';
import { recordsCashHandIns } from '../policy.js';

/**
 * Riders' cash hand-ins (issue 22 item 4), inside the admin routes: GET and POST
 * /drivers/:id/cash-hand-ins. POST answers 201 with the hand-in, or 200 with the one already
 * recorded under that reference (ledger/cashHandIns.ts). Once a rider is back under the cash limit
 * they may be given a cash order waiting near them, as when they come online.
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
      const riderId = request.params.id;
      const { handIn, replayed } = await recordCashHandIn(app.db, requireUser(request).userId, riderId, request.body);
      // The hand-in is committed whatever dispatch does next: a failure here is logged, not answered,
      // and the same request sent again (replayed) offers again, as a retry after a failure would.
      await offerWaitingOrder(app, riderId).catch((error: unknown) =>
        request.log.error({ err: error, riderId }, 'dispatch after a cash hand-in failed'),
      );
      return reply.status(replayed ? 200 : 201).send(handIn);
    },
  );
};
