import {
  test as base,
  expect as baseExpect,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
  type WorkerFixture,
} from '@playwright/test';
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
}

export type NewPage = JourneyFixtures['newPage'];
export type SignedIn = JourneyFixtures['signedIn'];

interface JourneyWorkerFixtures {
  /** The app under test, e.g. http://127.0.0.1:41234: the shared one, unless a file starts its own. */
  origin: string;
  /** Other origins the pages may reach, such as a local Paystack stand-in; every other site is refused. */
  allowedOrigins: string[];
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
  origin: [
    async ({}, use) => {
      const origin = process.env.E2E_ORIGIN;
      if (!origin) throw new Error('E2E_ORIGIN is not set: the global setup starts the shared app');
      await use(origin);
    },
    { scope: 'worker' },
  ],
  allowedOrigins: [[], { scope: 'worker', option: true }],
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
 * The test for a journey file that needs a server of its own, with its own database: one that
 * writes to the database directly (fixtures, demo data), or changes a setting every journey on
 * the server would see (they run two at a time), or, with `copyClient`, changes the built client
 * on disk. The server is started once per worker that runs the file, on the one client build.
 * Each call makes new fixtures, so two files never share a worker, nor a server.
 */
export function onOwnServer(settings: { env?: Record<string, string>; copyClient?: boolean; admin?: boolean } = {}) {
  return test.extend<object, { server: E2EServer }>({
    server: [
      async ({}, use) => {
        const clientDir = settings.copyClient ? copyClient(process.env.E2E_CLIENT_DIR ?? '') : undefined;
        const server = await startServer({ clientDir, env: settings.env, admin: settings.admin });
        await use(server);
        await server.close();
        if (clientDir) removeClient(clientDir);
      },
      { scope: 'worker', timeout: 120_000 },
    ],
    origin: [async ({ server }, use) => use(server.origin), { scope: 'worker' }],
  });
}

/**
 * A worker fixture for a local stand-in of an outside service (Paystack, an SMS provider, a push
 * service): started once per worker that needs it, closed when the worker ends.
 */
export function standInFixture<T extends { close(): Promise<unknown> }>(
  start: () => Promise<T>,
): [WorkerFixture<T, object>, { scope: 'worker' }] {
  return [
    async ({}, use) => {
      const standIn = await start();
      await use(standIn);
      await standIn.close();
    },
    { scope: 'worker' },
  ];
}
