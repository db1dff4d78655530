import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden, notFound, unauthorized } from '../http/errors.js';
import type { Metrics } from './metrics.js';
import { NOT_READY_REASONS } from './readiness.js';

/** Probes and scrapes come every few seconds: their requests are logged only when something goes wrong. */
const logLevel = 'warn';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether `given` is the token, in a time that says nothing of how much of it was right. */
const isToken = (given: string, token: string) => timingSafeEqual(digest(given), digest(token));

/**
 * The operator's probes and metrics, outside /api (decision 033): GET /livez (the process answers),
 * GET /readyz (send it traffic?) and GET /metrics, in Prometheus' text format for whoever holds
 * METRICS_TOKEN; without the setting there are no metrics, and /metrics is a 404.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ metrics: Metrics | undefined }> = async (app, { metrics }) => {
  app.get('/livez', { logLevel, schema: { hide: true, response: { 200: z.object({ ok: z.literal(true) }) } } }, async () => ({
    ok: true as const,
  }));

  app.get(
    '/readyz',
    {
      logLevel,
      schema: {
        hide: true,
        response: {
          200: z.object({ ok: z.literal(true) }),
          503: z.object({ ok: z.literal(false), reason: z.enum(NOT_READY_REASONS) }),
        },
      },
    },
    async (_request, reply) => {
      const reason = await app.readiness.check();
      return reason ? reply.status(503).send({ ok: false as const, reason }) : { ok: true as const };
    },
  );

  app.get('/metrics', { logLevel, schema: { hide: true } }, async (request, reply) => {
    const token = app.config.METRICS_TOKEN;
    if (!metrics || !token) throw notFound();
    const [scheme, given] = request.headers.authorization?.split(' ') ?? [];
    if (scheme?.toLowerCase() !== 'bearer' || !given) {
      reply.header('www-authenticate', 'Bearer');
      throw unauthorized('Send the metrics token: Authorization: Bearer <METRICS_TOKEN>');
    }
    if (!isToken(given, token)) throw forbidden('That is not the metrics token');
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
};
