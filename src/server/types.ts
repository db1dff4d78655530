import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** Set when rate limits count in Redis (REDIS_URL): whether it answers. */
    rateLimitRedis: { readonly status: 'ok' | 'degraded' } | undefined;
  }
}
