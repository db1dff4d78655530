import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  payEveryoneResultSchema,
  payEveryoneSchema,
  payoutBalancesSchema,
  payoutCreateSchema,
  payoutDuePageSchema,
  payoutDueQuerySchema,
  payoutIdParamsSchema,
  payoutListQuerySchema,
  payoutOtpSchema,
  payoutPageSchema,
  payoutViewSchema,
} from '@shared/payouts/schemas.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { paysOut } from '../policy.js';
import { payoutContext } from './context.js';
import { createPayout, payEveryone, readBalances } from './create.js';
import { finalizePayout, resendPayoutOtp } from './transfers.js';
import { listDue, listPayouts } from './views.js';

/**
 * The admin's payouts, mounted at /api/admin/payouts inside the admin routes: who is owed
 * (GET /due), Paystack's balance (GET /balance), paying one payee (POST /) or everyone owed in a
 * currency (POST /everyone), the payouts (GET /) and the OTP of a transfer waiting for one
 * (POST /:id/otp), and a new OTP for it (POST /:id/otp/resend).
 */
export const adminPayoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(paysOut));

  app.get('/due', { schema: { querystring: payoutDueQuerySchema, response: { 200: payoutDuePageSchema } } }, (request) =>
    listDue(app.db, request.query),
  );

  app.get('/balance', { schema: { response: { 200: payoutBalancesSchema } } }, (request) =>
    readBalances(payoutContext(app, request.log)),
  );

  app.post('/', { schema: { body: payoutCreateSchema, response: { 201: payoutViewSchema } } }, async (request, reply) =>
    reply.status(201).send(await createPayout(payoutContext(app, request.log), requireUser(request), request.body)),
  );

  app.post('/everyone', { schema: { body: payEveryoneSchema, response: { 200: payEveryoneResultSchema } } }, (request) =>
    payEveryone(payoutContext(app, request.log), requireUser(request), request.body),
  );

  app.get('/', { schema: { querystring: payoutListQuerySchema, response: { 200: payoutPageSchema } } }, (request) =>
    listPayouts(app.db, request.query),
  );

  app.post(
    '/:id/otp',
    { schema: { params: payoutIdParamsSchema, body: payoutOtpSchema, response: { 200: payoutViewSchema } } },
    (request) => finalizePayout(payoutContext(app, request.log), request.params.id, request.body.otp),
  );

  app.post('/:id/otp/resend', { schema: { params: payoutIdParamsSchema, response: { 200: payoutViewSchema } } }, (request) =>
    resendPayoutOtp(payoutContext(app, request.log), request.params.id),
  );
};
