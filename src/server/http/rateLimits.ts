import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../config.js';
import { tooManyRequests } from './errors.js';

/** How routes ask for limits; the rate-limit plugin (plugins/rateLimit.ts) keeps the counters. */

export const tryAgainIn = (after: string) => `Too many attempts. Please try again in ${after}.`;

const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
const humanSeconds = (seconds: number) => (seconds < 60 ? count(seconds, 'second') : count(Math.ceil(seconds / 60), 'minute'));

export interface CounterLimit {
  /** Names the counter; two limits never share one. */
  name: string;
  max: number;
  /** Who is counted; undefined skips this limit for the request. */
  key: (request: FastifyRequest) => string | undefined;
  /** Counts over this window instead of RATE_LIMIT_WINDOW_SECONDS. */
  windowSeconds?: number;
  /** Says this instead of when to try again. */
  message?: string;
}

/**
 * onRequest hooks for limits a route needs besides (or instead of) its `config.rateLimit`: each
 * limit counts on its own, per RATE_LIMIT_WINDOW_SECONDS unless it says otherwise, and the first
 * one exceeded answers 429. @fastify/rate-limit runs only one of its own hooks per request, hence
 * these. They serve as preHandler hooks too, to count only requests that passed validation.
 */
export function counterLimits(app: FastifyInstance, limits: CounterLimit[]): onRequestHookHandler[] {
  if (app.config.RATE_LIMIT_DISABLED) return [];
  return limits.map((limit) => {
    const counter = app.createRateLimit({
      max: limit.max,
      timeWindow: (limit.windowSeconds ?? app.config.RATE_LIMIT_WINDOW_SECONDS) * 1000,
      keyGenerator: (request) => `${limit.name}|${limit.key(request) ?? ''}`,
    });
    return async (request, reply) => {
      if (limit.key(request) === undefined) return;
      const result = await counter(request);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', result.ttlInSeconds);
      throw tooManyRequests(limit.message ?? tryAgainIn(humanSeconds(result.ttlInSeconds)));
    };
  });
}

/** Limits a route to `max` requests per RATE_LIMIT_WINDOW_SECONDS, per client IP unless keyed otherwise. */
export function routeLimit(config: Config, max: number, keyGenerator?: (request: FastifyRequest) => string): RateLimitOptions {
  return {
    max,
    timeWindow: config.RATE_LIMIT_WINDOW_SECONDS * 1000,
    // preValidation: the body is parsed (so a key can use it) but not yet validated, so
    // malformed attempts count too.
    ...(keyGenerator ? { keyGenerator, hook: 'preValidation' as const } : {}),
  };
}
