/**
 * A flood of realtime subscribes (issue 19): one signed-in customer opens FLOOD_SOCKETS sockets and
 * each sends FLOOD_MESSAGES subscribes to random orders as fast as it can, from a worker thread.
 * Per database it prints `flood-quiet` (GET /api/health one request at a time with no flood: the
 * yardstick) and `flood` (the same while the flood lasts, that is until the server has closed
 * every flooding socket, at most BENCH_SECONDS), with how the sockets ended.
 * Run: npx tsx bench/realtime-flood.bench.ts
 */
import { sampleHealth } from '../src/server/test/healthSampler.js';
import { startFlood, type FloodOutcome } from '../src/server/test/socketFlood.js';
import { insertSignedInAccounts } from './lib/bulkAccounts.js';
import { report } from './lib/measure.js';
import { startBenchServer, type DatabaseKind } from './lib/server.js';
import { percentile } from './lib/stats.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const FLOOD_SOCKETS = 10;
const FLOOD_MESSAGES = 30_000;

const latency = (times: number[]) => ({
  requests: times.length,
  p50Ms: percentile(times, 0.5),
  p99Ms: percentile(times, 0.99),
  maxMs: percentile(times, 1),
});

/** How the flooding sockets ended: the close reasons with their counts, and the subscribes each got out. */
function endings(outcomes: FloodOutcome[]) {
  const closes: Record<string, number> = {};
  for (const { code, reason } of outcomes) closes[`${code} ${reason}`] = (closes[`${code} ${reason}`] ?? 0) + 1;
  const sent = outcomes.map(({ sent }) => sent);
  return { closes, sentMin: Math.min(...sent), sentMax: Math.max(...sent) };
}

async function run(kind: DatabaseKind) {
  const server = await startBenchServer(kind);
  try {
    const { db, config } = server.app;
    const [customer] = await insertSignedInAccounts(db, config.JWT_SECRET, 'customer', 1);
    report('flood-quiet', kind, latency(await sampleHealth(server.url, { durationMs: SECONDS * 1000 })));

    process.stderr.write(`flood: ${FLOOD_SOCKETS} sockets × ${FLOOD_MESSAGES} subscribes on ${kind}\n`);
    const flood = startFlood({
      url: `${server.url.replace('http', 'ws')}/api/realtime`,
      token: customer!.accessToken,
      sockets: FLOOD_SOCKETS,
      messages: FLOOD_MESSAGES,
    });
    try {
      await flood.flooding;
      const start = performance.now();
      const health = await sampleHealth(server.url, { durationMs: SECONDS * 1000, until: flood.closed });
      const floodMs = Math.round(performance.now() - start);
      const closed = await Promise.race([flood.closed, new Promise<null>((resolve) => setTimeout(resolve, 0, null))]);
      report('flood', kind, latency(health), {
        sockets: FLOOD_SOCKETS,
        messagesPerSocket: FLOOD_MESSAGES,
        floodMs,
        ...(closed ? endings(closed) : { closes: 'not all closed' }),
      });
    } finally {
      await flood.stop();
    }
  } finally {
    await server.close();
  }
}

for (const kind of (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as DatabaseKind[]) await run(kind);
