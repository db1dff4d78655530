import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http/errors.js';
import { africasTalkingReportSchema, readAfricasTalkingReport } from './africasTalking.js';
import { hubtelReportSchema, readHubtelReport } from './hubtel.js';
import { isReportSecret, receiveReport } from './reports.js';

/** A delivery report is a few fields; anything bigger is not one. */
const REPORT_BODY_LIMIT = 16 * 1024;

const secretParams = z.object({ secret: z.string().max(200) });
const receivedSchema = z.object({ received: z.literal(true) });
const RECEIVED = { received: true as const };

/**
 * Delivery reports from the SMS providers (decision 019), mounted at /api/sms/reports: one route
 * per provider, `/<provider>/<SMS_REPORT_SECRET>`, the URL the operator gives the provider. Neither
 * provider signs its reports, so the secret in the path is what proves one; without
 * SMS_REPORT_SECRET, or with another secret, the route answers 404 before reading the body. An
 * accepted report answers 200 at once, also for a message id nobody sent (the provider would
 * otherwise send it again).
 */
export const smsReportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Africa's Talking posts its reports form-encoded: these routes alone read that type.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: REPORT_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const reportRoute = {
    bodyLimit: REPORT_BODY_LIMIT,
    // The secret is in the path: the request's log line names the route instead of the URL.
    logSerializers: {
      req: (request: FastifyRequest) => ({ method: request.method, route: request.routeOptions.url, remoteAddress: request.ip }),
    },
    onRequest: async (request: FastifyRequest) => {
      if (!isReportSecret(app.config.SMS_REPORT_SECRET, (request.params as { secret?: unknown }).secret)) throw notFound();
    },
  };

  app.post(
    '/africastalking/:secret',
    { ...reportRoute, schema: { params: secretParams, body: africasTalkingReportSchema, response: { 200: receivedSchema } } },
    async (request) => {
      await receiveReport(app.db, 'africastalking', readAfricasTalkingReport(request.body));
      return RECEIVED;
    },
  );

  app.post(
    '/hubtel/:secret',
    { ...reportRoute, schema: { params: secretParams, body: hubtelReportSchema, response: { 200: receivedSchema } } },
    async (request) => {
      await receiveReport(app.db, 'hubtel', readHubtelReport(request.body));
      return RECEIVED;
    },
  );
};
