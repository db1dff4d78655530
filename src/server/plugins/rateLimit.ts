import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { tooManyRequests } from '../http/errors.js';

/**
 * Per-route limits only (`global: false`): a route opts in with `config: { rateLimit: ... }`,
 * built by routeLimit(). Counters live in Redis when REDIS_URL is set, so every instance
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

const tryAgainIn = (after: string) => `Too many attempts. Please try again in ${after}.`;

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
const humanSeconds = (seconds: number) =>
  seconds < 60 ? count(seconds, 'second') : count(Math.ceil(seconds / 60), 'minute');

export interface CounterLimit {
  /** Names the counter; two limits never share one. */
  name: string;
  max: number;
  /** Who is counted; undefined skips this limit for the request. */
  key: (request: FastifyRequest) => string | undefined;
}

/**
 * onRequest hooks for limits a route needs besides (or instead of) its `config.rateLimit`: each
 * limit counts on its own, per RATE_LIMIT_WINDOW_SECONDS, and the first one exceeded answers 429.
 * @fastify/rate-limit runs only one of its own hooks per request, hence these.
 */
export function counterLimits(app: FastifyInstance, limits: CounterLimit[]): onRequestHookHandler[] {
  if (app.config.RATE_LIMIT_DISABLED) return [];
  return limits.map((limit) => {
    const counter = app.createRateLimit({
      max: limit.max,
      timeWindow: app.config.RATE_LIMIT_WINDOW_SECONDS * 1000,
      keyGenerator: (request) => `${limit.name}|${limit.key(request) ?? ''}`,
    });
    return async (request, reply) => {
      if (limit.key(request) === undefined) return;
      const result = await counter(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', result.ttlInSeconds);
      throw tooManyRequests(tryAgainIn(humanSeconds(result.ttlInSeconds)));
    };
  });
}

/** Limits a route to `max` requests per RATE_LIMIT_WINDOW_SECONDS, per client IP unless keyed otherwise. */
export function routeLimit(
  config: Config,
  max: number,
  keyGenerator?: (request: FastifyRequest) => string,
): RateLimitOptions {
  return {
    max,
    timeWindow: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
    // preValidation: the body is parsed (so a key can use it) but not yet validated, so
    // malformed attempts count too.
    ...(keyGenerator ? { keyGenerator, hook: 'preValidation' as const } : {}),
  };
}
