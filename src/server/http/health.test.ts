import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import type { Database } from '../db/client.js';
import { testConfig, useTestApp } from '../test/app.js';
import { openTestDatabase } from '../test/database.js';

describe('api shell', () => {
  const t = useTestApp();

  it('answers health checks once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
  });

  it('replies to unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('serves the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().openapi).toMatch(/^3\./);
  });
});

describe('health check without a database', () => {
  let database: Database;
  let app: App;
  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp(testConfig(), { database, logger: false });
    await app.ready();
  }, 60_000);
  afterAll(() => app?.close());

  it('answers 503 when the database keeps it waiting', async () => {
    // Every connection busy in a transaction that does not end: the check's query cannot run.
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const busy = Array.from({ length: 20 }, () => database.db.transaction(() => gate));

    const started = Date.now();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    release();
    await Promise.all(busy);

    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('answers 503 once the database stops answering', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await database.close();

    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 'internal', message: 'The database is not answering' } });
  });
});
