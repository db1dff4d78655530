import { test as base, expect as baseExpect, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { signIn } from './authPage.js';
import { copyClient, removeClient } from './buildClient.js';
import { startServer, type E2EServer } from './server.js';

/** A phone held upright: the width the product must work from. */
export const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true } satisfies BrowserContextOptions;

const PAGE_ERROR = 'uncaught page error:';

type Credentials = { email: string; password: string };

interface JourneyFixtures {
  /** Uncaught page errors, console errors and refused off-site requests of every page the test opened. */
  browserProblems: string[];
  /** Another fresh context for the current test, e.g. a phone or a second user; pages resolve paths against `origin`. */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
  /** A page in a fresh context on a 360 px phone. */
  phone: Page;
  /** A new page (a 360 px phone unless told otherwise) signed in through /auth, once it is on `home`. */
  signedIn: (account: Credentials, home: string, options?: BrowserContextOptions) => Promise<Page>;
  /** The app under test, e.g. http://127.0.0.1:41234: the shared one, unless the file serves its own (onOwnServer). */
  origin: string;
  /** Other origins the pages may reach, such as a local Paystack stand-in; every other site is refused. */
  allowedOrigins: string[];
}

export type NewPage = JourneyFixtures['newPage'];
export type SignedIn = JourneyFixtures['signedIn'];

interface JourneyWorkerFixtures {
  /** The shared app the global setup started, for the hooks of files that use it. */
  sharedOrigin: string;
}

/**
 * Requests to any other site than the app (and `allowedOrigins`) are refused, so nothing depends
 * on the network; what goes wrong in its pages is kept in `problems`.
 */
async function guard(context: BrowserContext, allowed: string[], problems: string[]): Promise<void> {
  await context.route(
    (url) => !allowed.includes(url.origin),
    (route) => {
      problems.push(`blocked off-site request ${route.request().url()}`);
      return route.abort('blockedbyclient');
    },
  );
  const watch = (page: Page) => {
    page.on('pageerror', (error) => problems.push(`${PAGE_ERROR} ${error.stack ?? error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);
}

/**
 * The journeys' test: every context of a test (the `page` fixture's and those `newPage` opens)
 * works on `origin` and is guarded as above. An uncaught error in a page fails the test even
 * when its steps passed; a failed test gets the browser's problems as an attachment, next to the
 * screenshots and trace that playwright.config.ts keeps.
 */
export const test = base.extend<JourneyFixtures, JourneyWorkerFixtures>({
  sharedOrigin: [
    async ({}, use) => {
      const origin = process.env.E2E_ORIGIN;
      if (!origin) throw new Error('E2E_ORIGIN is not set: the global setup starts the shared app');
      await use(origin);
    },
    { scope: 'worker' },
  ],
  origin: async ({ sharedOrigin }, use) => use(sharedOrigin),
  allowedOrigins: [[], { option: true }],
  baseURL: async ({ origin }, use) => use(origin),

  browserProblems: [
    async ({}, use, testInfo) => {
      const problems: string[] = [];
      await use(problems);
      const crashes = problems.filter((problem) => problem.startsWith(PAGE_ERROR));
      if (problems.length > 0 && (testInfo.status !== testInfo.expectedStatus || crashes.length > 0)) {
        await testInfo.attach('browser problems', { body: problems.join('\n'), contentType: 'text/plain' });
      }
      if (crashes.length > 0) throw new Error(`the page threw while the journey ran:\n${crashes.join('\n')}`);
    },
    { auto: true },
  ],

  context: async ({ context, origin, allowedOrigins, browserProblems }, use) => {
    await guard(context, [origin, ...allowedOrigins], browserProblems);
    await use(context);
  },

  newPage: async ({ browser, origin, allowedOrigins, browserProblems, serviceWorkers }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({ baseURL: origin, serviceWorkers, ...options });
      contexts.push(context);
      await guard(context, [origin, ...allowedOrigins], browserProblems);
      return context.newPage();
    });
    await Promise.all(contexts.map((context) => context.close()));
  },

  phone: async ({ newPage }, use) => use(await newPage(PHONE)),

  signedIn: async ({ newPage }, use) => {
    await use(async (account, home, options = PHONE) => {
      const page = await newPage(options);
      await page.goto('/auth');
      await signIn(page, account.email, account.password);
      await baseExpect(page).toHaveURL((url) => url.pathname === home);
      return page;
    });
  },
});

export const expect = baseExpect.extend({
  /** The page's path becomes this one: the client routes without reloading, so it is awaited. */
  async toHavePath(page: Page, pathname: string, options: { timeout?: number } = {}) {
    const current = () => new URL(page.url()).pathname;
    let pass = true;
    try {
      await baseExpect.poll(current, { timeout: options.timeout ?? this.timeout }).toBe(pathname);
    } catch {
      pass = false;
    }
    return {
      name: 'toHavePath',
      pass,
      expected: pathname,
      actual: current(),
      message: () => `expected the page's path to be ${pathname}, but it is ${current()}`,
    };
  },
});

/**
 * Something one journey file starts for its tests alone, such as a server of its own or a stand-in
 * of an outside service: started when first asked for (by the file's first test or hook), and
 * closed in the file's afterAll. Not a worker fixture: Playwright gives each file with worker
 * fixtures of its own a fresh worker process, with its own Chromium and the server's imports
 * compiled again (13 such files made 19 processes for 2 workers, about 10 s of CPU each).
 */
export function forThisFile<T extends { close(): Promise<unknown> }>(start: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  test.afterAll(async () => {
    const closing = started;
    started = undefined;
    await (await closing?.catch(() => undefined))?.close();
  });
  return () => (started ??= start());
}

/**
 * The journeys' test with every page on `server` (started by forThisFile), which may also reach
 * `allowedOrigins`. Playwright sets the pages' options up before each hook too, so the file's
 * first hook or test starts the server.
 */
export const servedBy = (server: () => Promise<E2EServer>, allowedOrigins: () => Promise<string[]> = async () => []) =>
  test.extend({
    origin: [async ({}, use) => use((await server()).origin), { scope: 'test', timeout: 120_000 }],
    allowedOrigins: [async ({}, use) => use(await allowedOrigins()), { scope: 'test', timeout: 120_000 }],
  });

/**
 * A server of its own, with its own database, for a journey file: one that writes to the database
 * directly (fixtures, demo data), or changes a setting every journey on the server would see (they
 * run two at a time), or, with `copyClient`, changes the built client on disk. It serves the one
 * client build (or a copy of it) for the file alone (forThisFile); `test` puts the file's pages on
 * it, and its hooks and tests get it from `server()`.
 */
export function onOwnServer(settings: { env?: Record<string, string>; copyClient?: boolean; admin?: boolean } = {}) {
  const server = forThisFile(async () => {
    const clientDir = settings.copyClient ? copyClient(process.env.E2E_CLIENT_DIR ?? '') : undefined;
    const started = await startServer({ clientDir, env: settings.env, admin: settings.admin });
    return {
      ...started,
      async close() {
        await started.close();
        if (clientDir) removeClient(clientDir);
      },
    };
  });
  return { test: servedBy(server), server };
}
