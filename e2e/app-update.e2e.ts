import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, onOwnServer } from './support/test.js';

/** This file changes the built client on disk, so it runs its own server on its own copy of the build. */
const own = onOwnServer({ copyClient: true });
const test = own.test;

/** Set on the page's window: gone after a full load, kept by the app's own changes of page. */
const MARK = 'loadedBeforeTheDeployment';
const marked = (page: Page) => page.evaluate((mark) => mark in window, MARK);

test.describe('a new deployment', () => {
  test.use({ serviceWorkers: 'allow' });
  test('takes over an open tab at its next change of page, leaving the page shown alone until then', async ({ page }) => {
    const server = await own.server();
    await page.goto('/customer');
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null), { timeout: 20_000 })
      .toBe(`${server.origin}/sw.js`);
    await page.evaluate((mark) => Object.assign(window, { [mark]: true }), MARK);

    // A deployment changes the service worker (and the build's compressed copies of it); the tab
    // finds it as it does when shown again.
    const worker = path.join(server.clientDir, 'sw.js');
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
    await expect(page).toHavePath('/auth');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    expect(await marked(page)).toBe(false);
  });
});
