import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { buildApp, type App } from '../../src/server/app.js';
import { parseEnv } from '../../src/server/config.js';
import type { Database } from '../../src/server/db/client.js';
import { seedDemo } from '../../src/server/db/seed.js';
import { openTestDatabase } from '../../src/server/test/database.js';
import { testConfig } from '../../src/server/test/app.js';

export type DatabaseKind = 'pglite' | 'postgres';

export interface BenchServer {
  kind: DatabaseKind;
  url: string;
  app: App;
  database: Database;
  close(): Promise<void>;
}

export const POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchServerOptions {
  /** Serve this built client as the real server does (dist/client). */
  clientDir?: string;
  /** Fill the database with the demo restaurants and accounts. */
  demo?: boolean;
  /** Settings of the app besides the test defaults, e.g. Paystack's. */
  settings?: Record<string, string>;
  /** The PostgreSQL pool's size, when not the tests' (src/server/test/database.ts). */
  poolSize?: number;
}

/** Starts the real app on a loopback port, on in-memory PGlite or on a fresh PostgreSQL database. */
export async function startBenchServer(kind: DatabaseKind, options: BenchServerOptions = {}): Promise<BenchServer> {
  const previous = process.env.TEST_DATABASE_URL;
  if (kind === 'postgres') process.env.TEST_DATABASE_URL = POSTGRES_URL;
  else delete process.env.TEST_DATABASE_URL;
  const database = await openTestDatabase(options.poolSize);
  if (previous === undefined) delete process.env.TEST_DATABASE_URL;
  else process.env.TEST_DATABASE_URL = previous;

  const config = testConfig({
    RATE_LIMIT_DISABLED: '1',
    // Job workers poll as an operator's server does by default, not every half second as in the
    // tests: the nine queues' polls then cost 15 ms of CPU a second instead of 42 (measured idle).
    JOB_POLL_SECONDS: String(parseEnv({}).JOB_POLL_SECONDS),
    ...options.settings,
  });
  const app = await buildApp(config, { database, logger: false, clientDir: options.clientDir });
  if (options.demo) await seedDemo(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    kind,
    url: `http://127.0.0.1:${port}`,
    app,
    database,
    async close() {
      await app.close();
      await database.close();
      rmSync(config.DATA_DIR, { recursive: true, force: true });
    },
  };
}
