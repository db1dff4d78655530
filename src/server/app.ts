import './types.js';
import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '@shared/storage/buckets.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { COMPRESSION_THRESHOLD_BYTES, RESPONSE_CODINGS } from './http/contentCoding.js';
import { frameworkErrors, MAX_PARAM_LENGTH, registerErrorHandler } from './http/errorHandler.js';
import { clientErrorHandler } from './http/socketErrors.js';
import { safeLogger } from './http/logging.js';
import { authPlugin } from './plugins/auth.js';
import { healthPlugin } from './plugins/health.js';
import { jobsPlugin } from './plugins/jobs.js';
import { openApiPlugin } from './plugins/openApi.js';
import { publicCachePlugin } from './plugins/publicCache.js';
import { moveEffectsPlugin } from './plugins/moveEffects.js';
import { payoutsPlugin } from './plugins/payouts.js';
import { realtimePlugin } from './plugins/realtime.js';
import { rateLimitPlugin } from './plugins/rateLimit.js';
import { securityHeadersPlugin } from './plugins/securityHeaders.js';
import { staticClientPlugin } from './plugins/staticClient.js';
import { apiRoutes } from './routes.js';
import { StorageService } from './storage/service.js';
import { openObjectStore } from './storage/store.js';

export interface AppOptions {
  /** Reuse an open database (tests share one per file). */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built client; served with an SPA fallback when present. */
  clientDir?: string;
}

/**
 * A request must arrive whole within REQUEST_TIMEOUT_SECONDS (else 408 and the connection
 * closes), so a client that announces a body and trickles it cannot hold a connection for long.
 */
function requestTimeouts(config: Config) {
  const requestTimeout = Math.round(config.REQUEST_TIMEOUT_SECONDS * 1000);
  return {
    requestTimeout,
    http: {
      requestTimeout,
      headersTimeout: Math.min(60_000, requestTimeout),
      // How often Node looks for requests past their time: a fraction of the limit, at most 30 s.
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.round(requestTimeout / 4))),
    },
  };
}

export async function buildApp(config: Config, options: AppOptions = {}) {
  const logger = options.logger === undefined || options.logger === true ? { level: config.LOG_LEVEL } : options.logger;
  const app = Fastify({
    logger: logger === false ? false : safeLogger(logger),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    clientErrorHandler,
    ...requestTimeouts(config),
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
  app.decorate('storage', new StorageService(openObjectStore(config)));
  if (!options.database) app.addHook('onClose', () => database.close());

  await app.register(securityHeadersPlugin);
  await app.register(compress, { encodings: [...RESPONSE_CODINGS], threshold: COMPRESSION_THRESHOLD_BYTES });
  await app.register(openApiPlugin);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 6, fields: 30 } });
  await app.register(authPlugin);
  await app.register(realtimePlugin);
  await app.register(publicCachePlugin);
  await app.register(rateLimitPlugin);
  await app.register(jobsPlugin);
  await app.register(moveEffectsPlugin);
  await app.register(payoutsPlugin);
  await app.register(healthPlugin);
  await app.register(apiRoutes, { prefix: '/api' });

  if (options.clientDir && existsSync(path.join(options.clientDir, 'index.html'))) {
    await app.register(staticClientPlugin, { root: options.clientDir });
  }

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
