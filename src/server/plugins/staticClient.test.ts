import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import type { Database } from '../db/client.js';
import { testConfig } from '../test/app.js';
import { openTestDatabase } from '../test/database.js';

const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/index-Abc123.js"></script></head><body><div id="root"></div></body></html>';
const SCRIPT = `console.log(${JSON.stringify('ChopChop '.repeat(400))});`;

describe('the built client', () => {
  let database: Database;
  let app: App;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'chopchop-client-'));
    mkdirSync(path.join(clientDir, 'assets'));
    writeFileSync(path.join(clientDir, 'index.html'), INDEX);
    writeFileSync(path.join(clientDir, 'assets', 'index-Abc123.js'), SCRIPT);
    writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(clientDir, 'sw.js'), 'self.skipWaiting();');
    writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"ChopChop"}');
    mkdirSync(path.join(clientDir, 'prerendered'));
    writeFileSync(path.join(clientDir, 'prerendered', 'index.html'), 'landing page');
    database = await openTestDatabase();
    app = await buildApp(testConfig(), { database, logger: false, clientDir });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('serves hashed assets as immutable for a year, compressed', async () => {
    const res = await get('/assets/index-Abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['content-encoding']).toBe('br');
  });

  it.each(['/driver', '/restaurants/7b0e4b4e-5d1c-4c57-9a52-8a0b8a0b8a0b', '/auth?reset=abc'])(
    'answers the page %s with index.html, revalidated on every visit',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(INDEX);
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    },
  );

  it.each(['/assets/index-Gone99.js', '/robots.txt', '/favicon.ico', '/restaurants/photo.png', '/api/nope'])(
    'answers the missing file %s with 404, not the app',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    },
  );

  it.each(['/sw.js', '/manifest.webmanifest'])(
    'revalidates %s on every fetch, so a new deployment is found at once',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('sends a prerendered page its own HTML, revalidated on every visit', async () => {
    const res = await get('/?from=ad');
    expect(res.body).toBe('landing page');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('sends the app shell for a page the build did not prerender, or one it was told about but did not write', async () => {
    for (const url of ['/customer', '/driver']) {
      const res = await get(url);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves other files for an hour', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a page only to GET', async () => {
    expect((await app.inject({ method: 'POST', url: '/restaurants' })).statusCode).toBe(404);
  });
});
