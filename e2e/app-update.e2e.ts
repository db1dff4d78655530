import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClient, removeClient } from './support/buildClient.js';
import { expectPath, expectVisible } from './support/expect.js';
import { useE2E } from './support/harness.js';
import { startServer, type E2EServer } from './support/server.js';

/** Set on the page's window: gone after a full load, kept by the app's own changes of page. */
const MARK = 'loadedBeforeTheDeployment';
const marked = (page: Page) => page.evaluate((mark) => mark in window, MARK);

describe('a new deployment', () => {
  const t = useE2E();
  let server: E2EServer;
  let clientDir: string;

  /** This file changes the built client on disk, so it runs its own server on its own build. */
  beforeAll(async () => {
    clientDir = await buildClient();
    server = await startServer({ clientDir, smtpUrl: '' });
    t.origin = server.origin;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    if (clientDir) removeClient(clientDir);
  });

  it('takes over an open tab at its next change of page, leaving the page shown alone until then', async () => {
    const page = t.page;
    await page.goto('/customer');
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 20_000 })
      .toBe(`${server.origin}/sw.js`);
    await page.evaluate((mark) => Object.assign(window, { [mark]: true }), MARK);

    // A deployment changes the service worker (and the build's compressed copies of it); the tab
    // finds it as it does when shown again.
    const worker = path.join(clientDir, 'sw.js');
    appendFileSync(worker, '\n// the next deployment\n');
    writeFileSync(`${worker}.br`, brotliCompressSync(readFileSync(worker)));
    writeFileSync(`${worker}.gz`, gzipSync(readFileSync(worker)));
    await page.evaluate(async () => {
      const replaced = new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
      await (await navigator.serviceWorker.getRegistration())?.update();
      await replaced;
    });
    expect(await marked(page)).toBe(true);

    await page.getByRole('link', { name: 'Sign In' }).click();
    await expectPath(page, '/auth');
    await expectVisible(page.getByRole('tab', { name: 'Sign In' }));
    expect(await marked(page)).toBe(false);
  });
});
