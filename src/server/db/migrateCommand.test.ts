import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dropPostgresDatabase, newPostgresDatabase } from '../test/database.js';
import { migrationsApplied } from './migrationState.js';

const run = promisify(execFile);
const script = path.resolve('scripts/migrate.ts');
const tsx = path.resolve('node_modules/.bin/tsx');

// Migrating before new instances start is for a deployment of several, on PostgreSQL.
describe.runIf(process.env.TEST_DATABASE_URL)('npm run migrate, before a release’s instances start', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chopchop-migrate-'));
  const databases: string[] = [];
  afterAll(async () => {
    await Promise.all(databases.map(dropPostgresDatabase));
    rmSync(dataDir, { recursive: true, force: true });
  });
  const migrate = (databaseUrl: string) =>
    run(tsx, [script], { env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, NODE_ENV: 'production' } });

  it('brings a new database to this release’s schema with the job queue’s tables, then finds nothing to do', async () => {
    const url = await newPostgresDatabase('migrate');
    databases.push(url);
    expect((await migrate(url)).stdout).toBe('The database has every migration of this release.\n');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      expect(await migrationsApplied(drizzle(client))).toBe(true);
      const { rows } = await client.query<{ jobs: string | null }>(`select to_regclass('pgboss.job')::text as jobs`);
      expect(rows).toEqual([{ jobs: 'pgboss.job' }]);
    } finally {
      await client.end();
    }
    expect((await migrate(url)).stdout).toBe('The database has every migration of this release.\n');
  }, 60_000);

  it('exits 1 and says why when the database cannot be reached', async () => {
    const failure = await migrate('postgres://postgres@127.0.0.1:1/nowhere').then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failure?.code).toBe(1);
    expect(failure?.stderr).toMatch(/^Could not migrate the database: /);
  }, 30_000);
});
