import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { RequestsInFlight } from '../health/inFlight.js';
import { createMetrics } from '../health/metrics.js';
import { Readiness } from '../health/readiness.js';
import { healthRoutes } from '../health/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this instance should be sent traffic (GET /readyz); stopped for good by the shutdown. */
    readiness: Readiness;
    /** The HTTP requests being answered, which the shutdown lets finish. */
    requestsInFlight: RequestsInFlight;
  }
}

/**
 * The probes, the metrics and what the shutdown needs (decision 033). Registered after the
 * realtime plugin, whose hook tells a socket's opening request (`request.ws`) from the others: an
 * open socket is not a request to wait for, the shutdown closes it. The metrics and their hook
 * exist only with METRICS_TOKEN: Node's default metrics watch the event loop and the garbage
 * collector for good once started.
 */
export const healthPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('readiness', new Readiness(app.db, app.log));
  const inFlight = new RequestsInFlight();
  app.decorate('requestsInFlight', inFlight);
  // A callback hook, not an async one: it runs on every request, and a promise each costs more than the count.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.ws) inFlight.track(reply.raw);
    done();
  });

  const metrics = app.config.METRICS_TOKEN ? createMetrics(app) : undefined;
  if (metrics) {
    app.addHook('onResponse', async (request, reply) => {
      if (!request.ws) metrics.observe(request, reply);
    });
  }
  await app.register(healthRoutes, { metrics });
});
