/**
 * First paint on a slow phone network (issue 12): Chromium at 360 px with a cold cache behind
 * SLOW_NETWORK opens each page of PAGES and prints, per page, the first contentful paint, when
 * what the visitor waits for was on screen (the hero's heading on /, the first restaurant card
 * on /customer), the gzipped JS the page loaded, how many times it asked for the restaurant
 * list, and the content encoding of every text response (compressed or not).
 * Run: npm run bench -- first-paint
 */
import type { Page } from '@playwright/test';
import { launchChromium } from '../e2e/support/browser.js';
import { report } from './lib/measure.js';
import { gzippedKB, PAGES, PHONE_VIEWPORT, SLOW_NETWORK, startShop } from './lib/pages.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TEXT_TYPES = new Set(['Document', 'Script', 'Stylesheet', 'Fetch', 'XHR']);

/**
 * Records, from inside the page, when an element matching `selector` first entered the DOM. A
 * string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
 */
const watchFor = (selector: string) => `
  const found = () => {
    if (!document.querySelector(${JSON.stringify(selector)})) return false;
    window.seenAt = performance.now();
    return true;
  };
  if (!found()) {
    const observer = new MutationObserver(() => found() && observer.disconnect());
    observer.observe(document, { childList: true, subtree: true });
  }`;

interface Response {
  url: string;
  type: string;
  encoding: string;
}

async function openCold(page: Page, url: string, selector: string) {
  const cdp = await page.context().newCDPSession(page);
  const responses: Response[] = [];
  cdp.on('Network.responseReceived', ({ type, response }) => {
    const headers = Object.fromEntries(Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]));
    responses.push({ url: response.url, type, encoding: String(headers['content-encoding'] ?? 'none') });
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const bytesPerSecond = (SLOW_NETWORK.kbps * 1000) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_NETWORK.rttMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  await page.addInitScript(watchFor(selector));
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector(selector, { timeout: 60_000 });
  await page.waitForLoadState('load');
  const timing = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    seenAt: (window as unknown as { seenAt: number }).seenAt,
  }));
  return { ...timing, responses };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const server = await startShop();
const browser = await launchChromium();
try {
  for (const { path, waitFor } of PAGES) {
    const runs = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await browser.newContext({ viewport: PHONE_VIEWPORT, isMobile: true });
      runs.push(await openCold(await context.newPage(), `${server.url}${path}`, waitFor));
      await context.close();
    }
    const { responses } = runs[0]!;
    const scripts = responses.filter((response) => response.type === 'Script').map((response) => response.url);
    const text = responses.filter((response) => TEXT_TYPES.has(response.type) && response.encoding !== 'none');
    report('first-paint', 'pglite', {
      page: path,
      firstContentfulPaintMs: Math.round(median(runs.map((r) => r.fcp))),
      // Nothing shows before the first paint, so an element that was in the HTML shows with it.
      shownMs: Math.round(median(runs.map((r) => Math.max(r.fcp, r.seenAt)))),
      waitedFor: waitFor,
      jsGzipKB: await gzippedKB(scripts),
      scripts: scripts.length,
      restaurantListRequests: responses.filter((response) => new URL(response.url).pathname === '/api/restaurants').length,
      compressedTextResponses: `${text.length}/${responses.filter((response) => TEXT_TYPES.has(response.type)).length}`,
      encodings: [...new Set(responses.filter((r) => TEXT_TYPES.has(r.type)).map((r) => `${r.type}:${r.encoding}`))],
      network: SLOW_NETWORK,
      runs: RUNS,
    });
  }
} finally {
  await browser.close();
  await server.close();
}
