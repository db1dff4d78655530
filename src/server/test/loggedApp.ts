import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildApp, type App } from '../app.js';
import type { Database } from '../db/client.js';
import { openTestDatabase, resetDatabase } from './database.js';
import { testConfig } from './app.js';
import { captureLog, type CapturedLog } from './logCapture.js';

export interface LoggedApp {
  app: App;
  log: CapturedLog;
}

/**
 * One test database for the file, and apps built on it with their own settings and a log kept in
 * memory, for tests that compare installs (development, production...). Tables are emptied and
 * the apps closed after each test.
 */
export function useLoggedApps() {
  let database: Database;
  const built: LoggedApp[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
  }, 60_000);
  afterEach(async () => {
    for (const { app } of built.splice(0)) {
      await app.close();
      rmSync(app.config.DATA_DIR, { recursive: true, force: true });
    }
    await resetDatabase(database);
  });
  afterAll(async () => {
    await database?.close();
  });
  return async (overrides: Record<string, string>): Promise<LoggedApp> => {
    const log = captureLog();
    const app = await buildApp(testConfig(overrides), { database, logger: log.options });
    await app.ready();
    built.push({ app, log });
    return { app, log };
  };
}
