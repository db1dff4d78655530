import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { buildApp, type App } from '../app.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { Jobs } from '../jobs/jobs.js';
import { testConfig, type TestContext } from './app.js';
import { borrowTestDatabase, resetDatabase } from './database.js';

export interface Restarts {
  /** The database, emptied before each test, which no app works but those started here. */
  readonly database: Database;
  /**
   * Runs `setUp` against an app that queues jobs but works none, then closes it: a process that
   * died after each of its commits and before any of their jobs ran.
   */
  crashAfter<T>(setUp: (crashed: TestContext) => Promise<T>): Promise<T>;
  /** An app that works jobs, closed after the test; `settings` change its configuration's. */
  start(settings?: Partial<Config>): Promise<TestContext>;
}

/**
 * A database of its own for a describe block of tests on work that outlives its process: no app
 * runs on it between tests, so the jobs a crashed app left are worked only by the app started
 * after it. Both share one configuration (DATA_DIR, settings), as a restart on the same machine.
 */
export function useRestarts(overrides: () => Record<string, string>): Restarts {
  const holder = {} as { database: Database; config: Config };
  const running: App[] = [];
  beforeAll(async () => {
    holder.database = await borrowTestDatabase();
    holder.config = testConfig(overrides());
  }, 60_000);
  beforeEach(() => resetDatabase(holder.database));
  afterEach(async () => {
    await Promise.all(running.splice(0).map((app) => app.close()));
  });
  afterAll(async () => {
    await holder.database?.close();
    if (holder.config) rmSync(holder.config.DATA_DIR, { recursive: true, force: true });
  });

  async function open(settings: Partial<Config> = {}): Promise<TestContext> {
    const config = { ...holder.config, ...settings };
    const app = await buildApp(config, { database: holder.database, logger: false });
    await app.ready();
    return { app, database: holder.database, config };
  }

  return {
    get database() {
      return holder.database;
    },
    async crashAfter(setUp) {
      const noWorkers = vi.spyOn(Jobs.prototype, 'work').mockImplementation(() => undefined);
      let crashed: TestContext;
      try {
        crashed = await open();
      } finally {
        noWorkers.mockRestore();
      }
      try {
        return await setUp(crashed);
      } finally {
        await crashed.app.close();
      }
    },
    async start(settings) {
      const started = await open(settings);
      running.push(started.app);
      return started;
    },
  };
}
