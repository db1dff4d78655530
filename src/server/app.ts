import './types.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '@shared/storage/buckets.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { registerErrorHandler } from './http/errorHandler.js';
import { authPlugin } from './plugins/auth.js';
import { realtimePlugin } from './plugins/realtime.js';
import { rateLimitPlugin } from './plugins/rateLimit.js';
import { apiRoutes } from './routes.js';
import { DiskStore } from './storage/disk.js';
import { StorageService } from './storage/service.js';

export interface AppOptions {
  /** Reuse an open database (tests share one per file). */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built client; served with an SPA fallback when present. */
  clientDir?: string;
}

export async function buildApp(config: Config, options: AppOptions = {}) {
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.inMemoryDb ? undefined : path.join(config.DATA_DIR, 'db'),
      logger: app.log,
    }));
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('storage', new StorageService(new DiskStore(path.join(config.DATA_DIR, 'uploads'))));
  if (!options.database) app.addHook('onClose', () => database.close());

  await app.register(swagger, {
    openapi: { info: { title: 'ChopChop API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 6, fields: 30 } });
  await app.register(authPlugin);
  await app.register(realtimePlugin);
  await app.register(rateLimitPlugin);
  await app.register(apiRoutes, { prefix: '/api' });

  if (options.clientDir && existsSync(path.join(options.clientDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: options.clientDir, wildcard: false, maxAge: '1h' });
    app.get('/*', (request, reply) => {
      if (request.url.startsWith('/api/')) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { maxAge: 0 });
    });
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
