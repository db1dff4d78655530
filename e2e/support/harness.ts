import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject, type RunnerTestCase } from 'vitest';
import { launchChromium } from './browser.js';

const artifactsDir = path.resolve(import.meta.dirname, '../.artifacts');

/** Fail a click or fill on a missing element in seconds, not after the whole test timeout. */
const ACTION_TIMEOUT_MS = 10_000;

const PAGE_ERROR = 'uncaught page error:';

/** A phone held upright: the width the product must work from. */
export const PHONE: BrowserContextOptions = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };

export interface E2E {
  /** The app under test, e.g. http://127.0.0.1:41234; pages resolve paths against it. */
  origin: string;
  browser: Browser;
  /** Other origins the pages may reach, such as a local Paystack stand-in; every other site is refused. */
  allowedOrigins: string[];
  /** A page in a fresh browser context (empty storage) made for the current test. */
  page: Page;
  /** Another fresh context for the current test, e.g. a phone or a second user. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
}

interface Watched {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors, console errors and refused off-site requests, kept for failure reports. */
  problems: string[];
}

/** A screenshot and a log of browser problems for every page the test opened. */
async function saveArtifacts(task: RunnerTestCase, watched: Watched[]): Promise<void> {
  mkdirSync(artifactsDir, { recursive: true });
  const base = `${path.basename(task.file.name, '.e2e.ts')}--${task.name}`.replace(/[^\w.-]+/g, '-');
  for (const [index, { page, problems }] of watched.entries()) {
    if (page.url() === 'about:blank') continue;
    const file = path.join(artifactsDir, `${base}-${index}`);
    await page.screenshot({ path: `${file}.png`, fullPage: true }).catch(() => undefined);
    writeFileSync(`${file}.log`, [`url: ${page.url()}`, ...problems].join('\n'));
    process.stderr.write(`e2e: saved ${path.relative(process.cwd(), file)}.png and .log\n`);
  }
}

/**
 * Gives a journey file a Chromium and each of its tests a fresh context on the app that
 * globalSetup started. Requests to any other site (but `allowedOrigins`) are refused, so nothing
 * depends on the network. When a test fails, every page it opened is saved as a screenshot, with what went
 * wrong in the browser, under e2e/.artifacts/. An uncaught error in a page fails the test even
 * when its steps passed.
 */
export function useE2E(): E2E {
  let watched: Watched[] = [];

  const open = async (options: BrowserContextOptions = {}): Promise<Page> => {
    const origin = e2e.origin;
    const context = await e2e.browser.newContext({ baseURL: origin, ...options });
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    const problems: string[] = [];
    await context.route(
      (url) => url.origin !== origin && !e2e.allowedOrigins.includes(url.origin),
      (route) => {
        problems.push(`blocked off-site request ${route.request().url()}`);
        return route.abort('blockedbyclient');
      },
    );
    const page = await context.newPage();
    page.on('pageerror', (error) => problems.push(`${PAGE_ERROR} ${error.stack ?? error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
    watched.push({ context, page, problems });
    return page;
  };

  const e2e = { origin: inject('origin'), allowedOrigins: [] as string[], newPage: open } as E2E;

  beforeAll(async () => {
    e2e.browser = await launchChromium();
  });

  beforeEach(async () => {
    e2e.page = await open();
  });

  afterEach(async ({ task }) => {
    const crashes = watched.flatMap(({ problems }) => problems.filter((p) => p.startsWith(PAGE_ERROR)));
    if (task.result?.state === 'fail' || crashes.length > 0) await saveArtifacts(task, watched);
    await Promise.all(watched.map(({ context }) => context.close()));
    watched = [];
    if (crashes.length > 0) throw new Error(`the page threw while the journey ran:\n${crashes.join('\n')}`);
  });

  afterAll(async () => {
    await e2e.browser?.close();
  });

  return e2e;
}
