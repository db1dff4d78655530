import type { Config } from './config.js';
import type { Database, Db } from './db/client.js';
import type { StorageService } from './storage/service.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    storage: StorageService;
  }
}
