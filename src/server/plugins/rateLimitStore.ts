import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { RedisHealth } from './redisHealth.js';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;
type MemoryStore = { incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void };

/**
 * @fastify/rate-limit's own in-process store, the one it counts in without Redis: fixed windows in
 * an LRU map of at most `cache` keys (so a flood of new keys cannot grow memory). It ships no types.
 */
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => MemoryStore;

/** Counters kept in memory at most, all routes together. */
const MEMORY_KEYS = 10_000;

/** After Redis fails, requests count in memory for this long before Redis is asked again. */
const RETRY_AFTER_FAILURE_MS = 1000;

// One round trip: the first hit of a window starts its expiry; the reply is [count, ms left].
const HIT = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {current, redis.call('PTTL', KEYS[1])}`;

interface Shared {
  redis: Redis;
  health: RedisHealth;
  memory: MemoryStore;
  retryAt: number;
}

type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & { routeInfo?: { method?: string; url?: string } };

class FallbackStore implements FastifyRateLimitStore {
  constructor(
    private readonly shared: Shared,
    private readonly prefix: string,
  ) {}

  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
    this.#hit(this.prefix + key, timeWindow, max).then(
      (result) => callback(null, result),
      (error: Error) => callback(error),
    );
  }

  async #hit(key: string, windowMs: number, max: number): Promise<{ current: number; ttl: number }> {
    const { shared } = this;
    if (Date.now() >= shared.retryAt) {
      try {
        const [current, ttl] = (await shared.redis.eval(HIT, 1, key, windowMs)) as [number, number];
        shared.health.answered();
        return { current, ttl };
      } catch (err) {
        shared.health.failed(err);
        shared.retryAt = Date.now() + RETRY_AFTER_FAILURE_MS;
      }
    }
    return new Promise((resolve, reject) =>
      shared.memory.incr(
        key,
        // The store answers with its own record, which the next hit changes: copy it now.
        (error, result) =>
          result ? resolve({ current: result.current, ttl: result.ttl }) : reject(error ?? new Error('no count')),
        windowMs,
        max,
      ),
    );
  }

  child(options: ChildOptions): FallbackStore {
    const route = options.routeInfo;
    return new FallbackStore(this.shared, `${this.prefix}${route?.method ?? ''}${route?.url ?? ''}-`);
  }
}

/**
 * A store for @fastify/rate-limit that counts in Redis, shared by every instance, and in this
 * process whenever Redis errs or is slow: limits then hold per instance instead of failing
 * open, and a request never waits on Redis longer than the client's command timeout.
 */
export function fallbackStore(redis: Redis, health: RedisHealth, nameSpace: string): FastifyRateLimitStoreCtor {
  const shared: Shared = { redis, health, memory: new LocalStore(false, false, MEMORY_KEYS), retryAt: 0 };
  return class extends FallbackStore {
    constructor() {
      super(shared, nameSpace);
    }
  };
}
