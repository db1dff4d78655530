import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderViewSchema } from '@shared/orders/schemas.js';
import {
  cardIntentSchema,
  cardIntentViewSchema,
  paymentReferenceParamsSchema,
  webhookReceiptSchema,
} from '@shared/payments/schemas.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { counterLimits } from '../http/rateLimits.js';
import { mayPlaceOrders } from '../policy.js';
import { paymentContext } from './context.js';
import { createCardIntent, receiveWebhook, verifyCardPayment } from './service.js';

/** Paystack's webhooks are small; anything bigger is not from Paystack. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** Card payments (decision 004), mounted at /api/payments. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (log: FastifyBaseLogger) => paymentContext(app, log);

  const intentLimits = counterLimits(app, [
    {
      name: 'card-intents',
      max: app.config.RATE_LIMIT_CARD_INTENTS_MAX,
      key: (request) => request.user?.userId,
      message: (after) => `You have started several card payments in a short time. Please try again in ${after}.`,
    },
  ]);
  app.post(
    '/card/intents',
    {
      onRequest: [allowOnly(mayPlaceOrders), ...intentLimits],
      schema: { body: cardIntentSchema, response: { 201: cardIntentViewSchema } },
    },
    async (request, reply) =>
      reply.status(201).send(await createCardIntent(context(request.log), requireUser(request), request.body)),
  );

  app.post(
    '/card/intents/:reference/verify',
    {
      onRequest: allowOnly(mayPlaceOrders),
      schema: { params: paymentReferenceParamsSchema, response: { 200: orderViewSchema } },
    },
    (request) => verifyCardPayment(context(request.log), requireUser(request), request.params.reference),
  );

  // The signature covers the body's exact bytes, so this route alone reads it raw, whatever its type.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) =>
      done(null, body),
    );
    webhook.post(
      '/paystack/webhook',
      { bodyLimit: WEBHOOK_BODY_LIMIT, schema: { response: { 200: webhookReceiptSchema } } },
      async (request) => {
        await receiveWebhook(context(request.log), request.body, request.headers['x-paystack-signature']);
        return { received: true as const };
      },
    );
  });
};
