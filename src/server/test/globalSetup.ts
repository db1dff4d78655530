import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { databaseUrl, onServer } from './postgresServer.js';

/** What each test file's database is copied from, migrated once per run (see openTestDatabase). */
export type TestDatabaseTemplate = { kind: 'pglite'; file: string } | { kind: 'postgres'; serverUrl: string; name: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate;
  }
}

/**
 * Running every migration took two seconds or more for each of the suite's many test databases.
 * Once per run instead: on PostgreSQL (TEST_DATABASE_URL) a template database that each file's
 * database is created from, on embedded PGlite a dump of its files that each one loads. The
 * browser journeys' global setup makes one too, for the servers their journeys start.
 */
export async function makeTestDatabaseTemplate(): Promise<{ template: TestDatabaseTemplate; remove: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `test_template_${randomBytes(6).toString('hex')}`;
    await onServer(serverUrl, `CREATE DATABASE ${name}`);
    // Closed before any copy: PostgreSQL copies no database that has connections.
    const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, name), poolSize: 1 });
    await database.close();
    return {
      template: { kind: 'postgres', serverUrl, name },
      // With the copies the workers kept for their next file (borrowTestDatabase), named after it.
      remove: async () => {
        const copies = await onServer(serverUrl, `SELECT datname FROM pg_database WHERE starts_with(datname, '${name}_')`);
        await onServer(
          serverUrl,
          ...copies.map(({ datname }) => `DROP DATABASE IF EXISTS ${String(datname)} WITH (FORCE)`),
          `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`,
        );
      },
    };
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'chopchop-test-template-'));
  const file = path.join(folder, 'pgdata.tar');
  const database = await openDatabase({});
  const dump = await database.dumpDataDir!();
  await database.close();
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return { template: { kind: 'pglite', file }, remove: async () => rmSync(folder, { recursive: true, force: true }) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = performance.now();
  const { template, remove } = await makeTestDatabaseTemplate();
  project.provide('testDatabaseTemplate', template);
  console.log(`Migrated the ${template.kind} test database template in ${Math.round(performance.now() - started)} ms`);
  return remove;
}
