import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { frameOf, PAGE_STATE_ID } from '@shared/pageFrame.js';
import { RENDERER } from '@shared/prerenderedPages.js';
import { buildApp, type App } from '../app.js';
import type { Database } from '../db/client.js';
import { restaurants } from '../db/schema.js';
import { insertAccountWithoutPassword, insertRestaurant } from '../restaurants/testFixtures.js';
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
    clientDir = path.join(mkdtempSync(path.join(tmpdir(), 'chopchop-build-')), 'client');
    mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
    writeFileSync(path.join(clientDir, 'index.html'), INDEX);
    writeFileSync(path.join(clientDir, 'assets', 'index-Abc123.js'), SCRIPT);
    writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(path.join(clientDir, 'sw.js'), 'self.skipWaiting();');
    writeFileSync(path.join(clientDir, 'push-worker.js'), '(() => {})();');
    writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"ChopChop"}');
    mkdirSync(path.join(clientDir, 'prerendered'));
    writeFileSync(path.join(clientDir, 'prerendered', 'index.html'), 'landing page');
    // The build's compressed copies; their text differs from the file's so that a test can tell which was sent.
    writeFileSync(path.join(clientDir, 'assets', 'app-Def456.js'), SCRIPT);
    writeFileSync(path.join(clientDir, 'assets', 'app-Def456.js.br'), brotliCompressSync('/* the build compressed this */'));
    writeFileSync(path.join(clientDir, 'assets', 'app-Def456.js.gz'), gzipSync('/* the build gzipped this */'));
    writeFileSync(path.join(clientDir, 'sw.js.br'), brotliCompressSync('/* the compressed worker */'));
    writeFileSync(path.join(clientDir, 'prerendered', 'index.html.br'), brotliCompressSync('compressed landing page'));
    database = await openTestDatabase();
    app = await buildApp(testConfig(), { database, logger: false, clientDir });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(path.dirname(clientDir), { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('serves hashed assets as immutable for a year, compressed', async () => {
    const res = await get('/assets/index-Abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['content-encoding']).toBe('br');
  });

  it("sends the build's compressed copy of a file as it is, with the file's type and caching", async () => {
    const br = await get('/assets/app-Def456.js', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('/* the build compressed this */');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gz = await get('/assets/app-Def456.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe('/* the build gzipped this */');

    const plain = await get('/assets/app-Def456.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('keeps the compressed worker and landing page revalidated on every visit', async () => {
    const worker = await get('/sw.js', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(worker.rawPayload).toString()).toBe('/* the compressed worker */');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const landing = await get('/', { 'accept-encoding': 'br' });
    expect(brotliDecompressSync(landing.rawPayload).toString()).toBe('compressed landing page');
    expect(landing.headers['content-type']).toMatch(/^text\/html/);
    expect(landing.headers['cache-control']).toBe('no-cache');
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

  it.each(['/sw.js', '/push-worker.js', '/manifest.webmanifest'])(
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

/** A stand-in for the build's renderer: the page lists the names it was given, and a restaurant named 'Broken Kitchen' makes it fail. */
const RENDERER_STUB = `export async function renderPage(path, { restaurants }) {
  if (restaurants.some((restaurant) => restaurant.name === 'Broken Kitchen')) throw new Error('render failed');
  return { html: '<h1>' + path + '</h1>' + restaurants.map((restaurant) => '<h3>' + restaurant.name + '</h3>').join(''), state: { shown: restaurants.length } };
}`;

describe('the live page', () => {
  let database: Database;
  let app: App;
  let buildDir: string;
  const openRestaurant = async (name: string) =>
    insertRestaurant(database.db, { ownerId: await insertAccountWithoutPassword(database.db, 'restaurant'), name });
  beforeAll(async () => {
    buildDir = mkdtempSync(path.join(tmpdir(), 'chopchop-build-'));
    const clientDir = path.join(buildDir, 'client');
    const rendererDir = path.join(buildDir, RENDERER.folder);
    mkdirSync(path.join(clientDir, 'prerendered'), { recursive: true });
    mkdirSync(rendererDir);
    writeFileSync(path.join(clientDir, 'index.html'), INDEX);
    writeFileSync(path.join(clientDir, 'prerendered', 'customer.html'), 'customer shell');
    writeFileSync(path.join(rendererDir, RENDERER.file), RENDERER_STUB);
    // Long enough a head that the page is worth compressing, as a real one is.
    const head = `<meta name="description" content="${'Food from restaurants near you. '.repeat(40)}">`;
    writeFileSync(path.join(rendererDir, RENDERER.frame), JSON.stringify(frameOf(INDEX, head)));
    database = await openTestDatabase();
    app = await buildApp(testConfig(), { database, logger: false, clientDir });
    await app.ready();
    await openRestaurant('Osu Jollof House');
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    rmSync(buildDir, { recursive: true, force: true });
  });

  const customerPage = async () => {
    const res = await app.inject({ method: 'GET', url: '/customer' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    return res.body;
  };

  it('renders /customer with the restaurants of now inside #root and their state after it', async () => {
    const page = await customerPage();
    expect(page).toContain('<div id="root"><h1>/customer</h1><h3>Osu Jollof House</h3></div>');
    expect(page).toContain(`<script type="application/json" id="${PAGE_STATE_ID}">{"shown":1}</script>`);
  });

  it('sends the page compressed once, with an ETag a returning phone revalidates with a 304', async () => {
    const plain = await customerPage();
    const first = await app.inject({ method: 'GET', url: '/customer', headers: { 'accept-encoding': 'br' } });
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(first.rawPayload).toString()).toBe(plain);
    const again = await app.inject({
      method: 'GET',
      url: '/customer',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('shows a new restaurant on the next visit', async () => {
    await openRestaurant('Legon Waakye Spot');
    const page = await customerPage();
    expect(page).toContain('<h3>Legon Waakye Spot</h3>');
    expect(page).toContain('{"shown":2}');
  });

  it('sends the prerendered shell when the page cannot be rendered, and renders again once it can', async () => {
    const broken = await openRestaurant('Broken Kitchen');
    expect(await customerPage()).toBe('customer shell');
    await database.db.delete(restaurants).where(eq(restaurants.id, broken.id));
    expect(await customerPage()).toContain('<h3>Legon Waakye Spot</h3>');
  });
});
