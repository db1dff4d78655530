import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { tooManyRequests } from '../http/errors.js';
import { tryAgainIn } from '../http/rateLimits.js';

/**
 * Per-route limits only (`global: false`): a route opts in with `config: { rateLimit: ... }`,
 * built by routeLimit() of http/rateLimits.ts. Counters live in Redis when REDIS_URL is set, so every instance
 * shares them, and in process otherwise. RATE_LIMIT_DISABLED turns all limits off.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  if (app.config.RATE_LIMIT_DISABLED) return;

  const redis = app.config.REDIS_URL
    ? new Redis(app.config.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000 })
    : undefined;
  if (redis) {
    redis.on('error', (err) => app.log.warn({ err }, 'rate-limit store unreachable'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
  }

  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'chopchop-rate-limit-',
    // An unreachable Redis must not lock everyone out of signing in.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => tooManyRequests(tryAgainIn(context.after)),
  });
});
