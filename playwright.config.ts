import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './e2e/support/browser.js';

/**
 * End-to-end journeys: the real server and the production build of the client in Debian's
 * Chromium (CHROMIUM_PATH; Playwright never downloads a browser here). One client build and one
 * shared server come from the global setup; a file runs two at a time, each test in fresh contexts.
 * A failed test keeps its screenshots and trace under e2e/.artifacts/.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.e2e.ts',
  globalSetup: './e2e/support/globalSetup.ts',
  outputDir: 'e2e/.artifacts',
  // The built client's live-page renderer is plain JavaScript the server imports: running it through
  // Playwright's TypeScript transform would only take seconds.
  build: { external: ['**/chopchop-e2e-build-*/**'] },
  workers: 2,
  // A journey that fails once is a bug to fix, never one to hide behind a second try.
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    // Fail a click or fill on a missing element in seconds, not after the whole test timeout.
    actionTimeout: 10_000,
    screenshot: { mode: 'only-on-failure', fullPage: true },
    // Actions, console and network only: DOM snapshots and screencasts of every step would slow
    // each journey down severalfold on this 2-core machine. `--trace on` records everything.
    trace: { mode: 'retain-on-failure', snapshots: false, screenshots: false },
    launchOptions: CHROMIUM,
    // Each new context would install the service worker and precache the whole build: seconds of
    // CPU per page. The journeys of the installable app (offline, app-update) allow it.
    serviceWorkers: 'block',
  },
});
