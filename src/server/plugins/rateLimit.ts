import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { tooManyRequests } from '../http/errors.js';
import { tryAgainIn } from '../http/rateLimits.js';
import { fallbackStore } from './rateLimitStore.js';
import { RedisHealth } from './redisHealth.js';

/**
 * How long a limited request may wait on Redis: past it the request is counted in process
 * (rateLimitStore.ts). Redis answers in about a millisecond when it is well.
 */
const REDIS_TIMEOUT_MS = 200;

async function redisStore(app: FastifyInstance, url: string) {
  // No offline queue and no retries: a command Redis cannot take now fails at once, and the
  // request is counted in process instead of waiting for a reconnection.
  const redis = new Redis(url, {
    connectTimeout: 1000,
    commandTimeout: REDIS_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    lazyConnect: true,
  });
  const health = new RedisHealth(app.log);
  redis.on('error', (err) => health.failed(err));
  // Connected (at start or again): the health check need not wait for a limited request to say so.
  redis.on('ready', () => health.answered());
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  // Serve once connected, or once the first try failed (then ioredis keeps reconnecting meanwhile):
  // without the offline queue, requests arriving while it still connects would all be counted in process.
  await redis.connect().catch(() => undefined);
  return { health, store: fallbackStore(redis, health, 'chopchop-rate-limit-') };
}

/**
 * Per-route limits only (`global: false`): a route opts in with `config: { rateLimit: ... }`,
 * built by routeLimit() of http/rateLimits.ts. Counters live in Redis when REDIS_URL is set, so
 * every instance shares them, and in process otherwise or while Redis fails. RATE_LIMIT_DISABLED
 * turns all limits off.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  const { RATE_LIMIT_DISABLED, REDIS_URL } = app.config;
  const shared = !RATE_LIMIT_DISABLED && REDIS_URL ? await redisStore(app, REDIS_URL) : undefined;
  app.decorate('rateLimitRedis', shared?.health);
  if (RATE_LIMIT_DISABLED) return;

  await app.register(rateLimit, {
    global: false,
    store: shared?.store,
    errorResponseBuilder: (_request, context) => tooManyRequests(tryAgainIn(context.after)),
  });
});
