import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { Config } from '../config.js';
import { tooManyRequests } from './errors.js';
import { countOf } from '../../shared/plural.js';

/** How routes ask for limits; the rate-limit plugin (plugins/rateLimit.ts) keeps the counters. */

export const tryAgainIn = (after: string) => `Too many attempts. Please try again in ${after}.`;

const humanSeconds = (seconds: number) =>
  seconds < 60 ? countOf(seconds, 'second') : countOf(Math.ceil(seconds / 60), 'minute');

/** A 429 saying when to try again, in its message (`message`, given "1 minute") and in Retry-After. */
export const retryIn = (seconds: number, message: (after: string) => string = tryAgainIn) =>
  tooManyRequests(message(humanSeconds(seconds)), seconds);

export interface CounterLimit {
  /** Names the counter; two limits never share one. */
  name: string;
  max: number;
  /** Who is counted; undefined skips this limit for the request. */
  key: (request: FastifyRequest) => string | undefined;
  /** Counts over this window instead of RATE_LIMIT_WINDOW_SECONDS. */
  windowSeconds?: number;
  /** What the 429 says, given when to try again; tryAgainIn unless set. */
  message?: (after: string) => string;
}

export type LimitCheck = (request: FastifyRequest) => Promise<void>;

/**
 * A hook counting one limit on its own, per RATE_LIMIT_WINDOW_SECONDS unless it says otherwise, that answers 429 once it
 * is exceeded; undefined when limits are off. A route can also call it from a hook of its own,
 * to count only some requests.
 */
export function counterLimit(app: FastifyInstance, limit: CounterLimit): LimitCheck | undefined {
  if (app.config.RATE_LIMIT_DISABLED) return undefined;
  const counter = app.createRateLimit({
    max: limit.max,
    timeWindow: (limit.windowSeconds ?? app.config.RATE_LIMIT_WINDOW_SECONDS) * 1000,
    keyGenerator: (request) => `${limit.name}|${limit.key(request) ?? ''}`,
  });
  return async (request) => {
    if (limit.key(request) === undefined) return;
    const result = await counter(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw retryIn(result.ttlInSeconds, limit.message);
  };
}

/**
 * onRequest hooks for limits a route needs besides (or instead of) its `config.rateLimit`, the
 * first one exceeded answering 429. @fastify/rate-limit runs only one of its own hooks per
 * request, hence these.
 */
export function counterLimits(app: FastifyInstance, limits: CounterLimit[]): LimitCheck[] {
  return limits.flatMap((limit) => counterLimit(app, limit) ?? []);
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
