import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticClientPlugin } from './staticClient.js';

describe('the built client', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'chopchop-client-'));
  const app = Fastify();

  beforeAll(async () => {
    writeFileSync(path.join(root, 'index.html'), 'app shell');
    mkdirSync(path.join(root, 'prerendered'));
    writeFileSync(path.join(root, 'prerendered/index.html'), 'landing page');
    await app.register(staticClientPlugin, { root });
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('sends a prerendered page its own HTML, revalidated on every visit', async () => {
    const response = await app.inject({ url: '/?from=ad' });
    expect(response.body).toBe('landing page');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('sends the app shell for a page the build did not prerender, or one it was told about but did not write', async () => {
    for (const url of ['/customer', '/driver']) {
      const response = await app.inject({ url });
      expect(response.body).toBe('app shell');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });
});
