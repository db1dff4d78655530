/**
 * Lighthouse on a phone (issue 12): the production client served by the real app with the demo
 * restaurants, each page of PAGES audited at 360 px on SLOW_NETWORK with a 4x slower CPU (both
 * emulated by Chromium).
 * Prints, per page, the performance, accessibility and SEO scores, the paint metrics, and the
 * gzipped JS the page loaded. Run: npm run bench -- lighthouse
 */
import { spawn, type ChildProcess } from 'node:child_process';
import lighthouse, { type Flags } from 'lighthouse';
import { report } from './lib/measure.js';
import { gzippedKB, PAGES, PHONE_VIEWPORT, SLOW_NETWORK, startShop } from './lib/pages.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Starts Chromium with a debugging port Lighthouse connects to, and returns the port. */
function launchDebuggableChromium(): Promise<{ chromium: ChildProcess; port: number }> {
  const chromium = spawn(CHROMIUM, [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--remote-debugging-port=0',
    'about:blank',
  ]);
  return new Promise((resolve, reject) => {
    let output = '';
    chromium.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output)?.[1];
      if (port) resolve({ chromium, port: Number(port) });
    });
    chromium.on('exit', (code) => reject(new Error(`Chromium exited (${code}) before it listened: ${output}`)));
  });
}

const FLAGS: Flags = {
  logLevel: 'error',
  output: 'json',
  onlyCategories: ['performance', 'accessibility', 'seo'],
  formFactor: 'mobile',
  screenEmulation: { mobile: true, ...PHONE_VIEWPORT, deviceScaleFactor: 2, disabled: false },
  // Chromium's own network emulation, as in bench/first-paint: Lighthouse's simulation counts every
  // high-priority request (the route's modulepreloads) as holding up the first paint, which no
  // browser does.
  throttlingMethod: 'devtools',
  throttling: {
    requestLatencyMs: SLOW_NETWORK.rttMs,
    downloadThroughputKbps: SLOW_NETWORK.kbps,
    uploadThroughputKbps: SLOW_NETWORK.kbps,
    cpuSlowdownMultiplier: 4,
  },
};

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

const server = await startShop();
const { chromium, port } = await launchDebuggableChromium();
try {
  for (const { path } of PAGES) {
    const result = await lighthouse(`${server.url}${path}`, { ...FLAGS, port });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    const { categories, audits } = result.lhr;
    const requests = (audits['network-requests']?.details as { items: { url: string; resourceType?: string }[] }).items;
    const scripts = requests.filter((request) => request.resourceType === 'Script').map((request) => request.url);
    const lcp = audits['largest-contentful-paint-element']?.details as {
      items?: { items?: { node?: { snippet?: string } }[] }[];
    };
    const ms = (id: string) => Math.round(audits[id]?.numericValue ?? Number.NaN);
    report('lighthouse', 'pglite', {
      page: path,
      performance: score(categories.performance?.score),
      accessibility: score(categories.accessibility?.score),
      seo: score(categories.seo?.score),
      firstContentfulPaintMs: ms('first-contentful-paint'),
      largestContentfulPaintMs: ms('largest-contentful-paint'),
      totalBlockingTimeMs: ms('total-blocking-time'),
      cumulativeLayoutShift: audits['cumulative-layout-shift']?.numericValue,
      largestContentfulPaintElement: lcp.items?.[0]?.items?.[0]?.node?.snippet,
      problems: [result.lhr.runtimeError?.message, ...result.lhr.runWarnings].filter(Boolean),
      jsGzipKB: await gzippedKB(scripts),
      scripts: scripts.length,
      network: SLOW_NETWORK,
    });
  }
} finally {
  chromium.kill();
  await server.close();
}
