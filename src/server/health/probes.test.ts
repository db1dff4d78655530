import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { testConfig, useTestApp } from '../test/app.js';
import { openTestDatabase } from '../test/database.js';

const probe = (app: App, url: '/livez' | '/readyz') => app.inject({ method: 'GET', url });

describe('the probes of an instance on a database of its own', () => {
  let database: Database;
  let app: App;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp(testConfig(), { database, logger: false });
    await app.ready();
  }, 60_000);
  afterAll(() => app?.close());

  const newest = sql`(select max(created_at) from drizzle.__drizzle_migrations)`;

  // First: the answer is kept once the migrations were found applied.

  it('is not ready while the newest migration is missing, and stops looking once it was found', async () => {
    const [record] = rowsOf<{ hash: string; created_at: string }>(
      await database.db.execute(
        sql`delete from drizzle.__drizzle_migrations where created_at = ${newest} returning hash, created_at`,
      ),
    );
    if (!record) throw new Error('no migration recorded');

    const missing = await probe(app, '/readyz');
    expect(missing.statusCode).toBe(503);
    expect(missing.json()).toEqual({ ok: false, reason: 'migrations not applied' });

    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${record.hash}, ${record.created_at})`,
    );
    expect((await probe(app, '/readyz')).json()).toEqual({ ok: true });

    // Migrations are never undone: once found applied, a probe only asks the database to answer.
    await database.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${newest}`);
    expect((await probe(app, '/readyz')).statusCode).toBe(200);
  });

  it('answers both when the database answers and has every migration', async () => {
    const live = await probe(app, '/livez');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ ok: true });
    const ready = await probe(app, '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ok: true });
  });

  it('stays live without its database, and is not ready', async () => {
    await database.close();

    const live = await probe(app, '/livez');
    expect(live.statusCode).toBe(200);
    const ready = await probe(app, '/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ ok: false, reason: 'database unreachable' });
  });
});

describe('the probes of a stopping instance', () => {
  const t = useTestApp();

  it('says it is shutting down from the moment it stops, while it is still live', async () => {
    expect((await probe(t.app, '/readyz')).statusCode).toBe(200);
    t.app.readiness.stop();

    const ready = await probe(t.app, '/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ ok: false, reason: 'shutting down' });
    expect((await probe(t.app, '/livez')).statusCode).toBe(200);
  });
});
