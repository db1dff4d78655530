import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Database } from '../db/client.js';
import { borrowTestDatabase, openSecondConnection, openTestDatabase, resetDatabase } from './database.js';

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chopchop-test-'));
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      PUBLIC_URL: 'http://localhost:3000',
      SEED_DEMO: '0',
      // Many tests place dozens of orders for one customer; the tests of these limits set their own.
      RATE_LIMIT_ORDERS_MAX: '1000',
      RATE_LIMIT_CARD_INTENTS_MAX: '1000',
      RATE_LIMIT_OPEN_CARD_INTENTS_MAX: '1000',
      // A retry a test makes come due (test/jobs.ts) runs within half a second.
      JOB_POLL_SECONDS: '0.5',
      // The alerts' tests run the sweep themselves (notifications/orderAlerts.test.ts): no clock in every app.
      ORDER_WAITING_ALERT_MINUTES: '0',
      ORDER_UNASSIGNED_ALERT_MINUTES: '0',
      ...overrides,
    }),
    inMemoryDb: true,
  };
}

/**
 * Builds the app once for a test file on a database of its own while it runs and empties the
 * tables before each test. Pass environment overrides to configure it (SMTP_URL, Paystack
 * URLs...). A file that changes the schema (a column, a trigger) says `changesSchema`: its
 * database is then never handed on to another file.
 */
export function useTestApp(
  overrides: Record<string, string> | (() => Record<string, string>) = {},
  options: { changesSchema?: boolean } = {},
): TestContext {
  const context = {} as TestContext;
  beforeAll(async () => {
    context.database = options.changesSchema ? await openTestDatabase() : await borrowTestDatabase();
    context.config = testConfig(typeof overrides === 'function' ? overrides() : overrides);
    context.app = await buildApp(context.config, { database: context.database, logger: false });
    await context.app.ready();
  }, 60_000);
  beforeEach(async () => {
    await resetDatabase(context.database);
  });
  afterAll(async () => {
    await context.app?.close();
    await context.database?.close();
    if (context.config) rmSync(context.config.DATA_DIR, { recursive: true, force: true });
  });
  return context;
}

/**
 * Another app, configured otherwise, on the database of useTestApp's context for the describe
 * block it is called in: building it is much quicker than another database, and two instances
 * sharing one database is what production does.
 */
export function useAnotherApp(
  context: TestContext,
  overrides: Record<string, string> | (() => Record<string, string>),
): TestContext {
  const another = {} as TestContext;
  beforeAll(async () => {
    another.database = context.database;
    another.config = testConfig(typeof overrides === 'function' ? overrides() : overrides);
    another.app = await buildApp(another.config, { database: context.database, logger: false });
    await another.app.ready();
  }, 60_000);
  afterAll(async () => {
    await another.app?.close();
    if (another.config) rmSync(another.config.DATA_DIR, { recursive: true, force: true });
  });
  return another;
}

/**
 * A second instance of useTestApp's app, on its own connections to the same database, as in a
 * deployment of several: what one instance caches must follow changes made through the other.
 * Read `.app` inside tests (it is built before them). `reroute` changes the URL its connections
 * are made with (through a proxy: test/commitHoldingProxy.ts).
 */
export function useSecondInstance(context: TestContext, options: { reroute?: (url: string) => string } = {}): { app: App } {
  const other = {} as { app: App; database: Database };
  beforeAll(async () => {
    other.database = await openSecondConnection(context.database, options.reroute);
    other.app = await buildApp(context.config, { database: other.database, logger: false });
    await other.app.ready();
  });
  afterAll(async () => {
    await other.app?.close();
    await other.database?.close();
  });
  return other;
}
