import { gzipSync } from 'node:zlib';
import { buildClient, removeClient } from '../../e2e/support/buildClient.js';
import { startBenchServer, type BenchServer } from './server.js';

/** The slow mobile network of issue 12's figures: 400 kbps both ways, 400 ms round trip. */
export const SLOW_NETWORK = { rttMs: 400, kbps: 400 };
/** The narrowest phone the app is made for. */
export const PHONE_VIEWPORT = { width: 360, height: 740 };

/** The pages whose first paint is measured, with what a visitor waits for on each. */
export const PAGES = [
  { path: '/', waitFor: 'h1' },
  { path: '/customer', waitFor: 'a[href^="/customer/restaurant/"]' },
] as const;

/** The production client built afresh, served by the real app on PGlite with the demo restaurants. */
export async function startShop(): Promise<BenchServer> {
  const clientDir = await buildClient();
  const server = await startBenchServer('pglite', { clientDir, demo: true });
  return {
    ...server,
    async close() {
      await server.close();
      removeClient(clientDir);
    },
  };
}

/** The gzipped size, in KB, of the files at these URLs together (what the figures count). */
export async function gzippedKB(urls: readonly string[]): Promise<number> {
  let bytes = 0;
  for (const url of urls) {
    const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    bytes += gzipSync(Buffer.from(await response.arrayBuffer())).length;
  }
  return Math.round(bytes / 102.4) / 10;
}
