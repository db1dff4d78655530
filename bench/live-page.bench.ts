/**
 * The live /customer page (decision 013): requests/s and latencies of GET /customer, rendered by
 * the server with the demo restaurants and compressed with br as a phone asks for it, beside
 * GET /api/restaurants, the same list as JSON, in the same run. `firstRenderMs` is the one
 * render after a change of the list; every other visit is served from the kept document.
 * Run: npm run bench -- live-page
 */
import { measure, report } from './lib/measure.js';
import { startShop } from './lib/pages.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const BROWSER = { 'accept-encoding': 'br, gzip' };

const server = await startShop();
try {
  const started = performance.now();
  const page = await fetch(`${server.url}/customer`, { headers: BROWSER });
  const firstRenderMs = Math.round(performance.now() - started);
  const html = await page.text();
  if (page.status !== 200 || !html.includes('href="/customer/restaurant/'))
    throw new Error('/customer was not rendered with its restaurants');

  for (const path of ['/customer', '/api/restaurants']) {
    const url = `${server.url}${path}`;
    await measure({ url, connections: CONNECTIONS, durationSeconds: 1, headers: BROWSER });
    const result = await measure({ url, connections: CONNECTIONS, durationSeconds: DURATION_SECONDS, headers: BROWSER });
    report('live-page', 'pglite', result, { path, connections: CONNECTIONS, ...(path === '/customer' && { firstRenderMs }) });
  }
} finally {
  await server.close();
}
