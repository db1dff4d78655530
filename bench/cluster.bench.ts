/**
 * Many machines (decision 035), on the cluster of scripts/cluster/up.sh: three app instances as
 * hosts of their own behind HAProxy, on one PostgreSQL, Redis and Swift. Prints:
 * - `cluster-checkout`, cash checkouts through HAProxy back to back from CONNECTIONS connections,
 *   once with one instance serving and once with three: orders/s, and what an order costs in CPU
 *   (the app instances', HAProxy's and PostgreSQL's, from /proc). On two cores more instances add
 *   no CPU to share, so the second line says what each extra instance costs, not a speed-up;
 * - `cluster-three-vs-one`, the ratios of the two;
 * - `cluster-sigkill-recovery`, how long after an instance's SIGKILL each realtime subscriber whose
 *   socket it held receives events again through another instance (p50, p99, max over KILLS kills,
 *   with orders streaming to the subscribers' restaurants meanwhile).
 * Needs root (network namespaces), haproxy and Swift; says so and skips otherwise.
 * Run: npx tsx bench/cluster.bench.ts
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { measure, report } from './lib/measure.js';
import { postgresCpuMs, processCpuMs } from './lib/cpu.js';
import { percentile } from './lib/stats.js';
import {
  appPid,
  checkoutRequest,
  clusterUp,
  followShop,
  INSTANCES,
  killInstance,
  PROXY_NOTICES_MS,
  proxyPid,
  recoveryAfter,
  seed,
  startInstance,
  stopped,
  type Cluster,
  type Shop,
} from '../scripts/cluster/cluster.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 24);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 4;
const SUBSCRIBERS = 60;
const KILLS = 3;
/** Orders a second streamed to the subscribers' restaurants while instances are killed: an event every 100 ms or so for each. */
const STREAM_PER_SECOND = 30;

async function checkout(cluster: Cluster, shop: Shop, serving: readonly number[]) {
  const load = (durationSeconds: number) =>
    measure({
      url: `${cluster.proxyUrl}/api/orders`,
      method: 'POST',
      connections: CONNECTIONS,
      durationSeconds,
      requests: Array.from({ length: 2000 }, () => checkoutRequest(shop)),
      newCheckoutIdEach: true,
    });
  // Instances just started compile their hot paths and fill their caches first.
  await load(WARM_UP_SECONDS);
  const pids = serving.map(appPid);
  const appCpu = () => pids.reduce((sum, pid) => sum + processCpuMs(pid), 0);
  const before = { app: appCpu(), proxy: processCpuMs(proxyPid()), postgres: postgresCpuMs() ?? 0 };
  const result = await load(DURATION_SECONDS);
  const perOrder = (ms: number) => Math.round((ms / Math.max(1, result.requests - result.non2xx)) * 100) / 100;
  const figures = {
    instances: serving.length,
    ordersPerSec: result.requestsPerSec,
    connections: CONNECTIONS,
    appCpuMsPerOrder: perOrder(appCpu() - before.app),
    haproxyCpuMsPerOrder: perOrder(processCpuMs(proxyPid()) - before.proxy),
    postgresCpuMsPerOrder: perOrder((postgresCpuMs() ?? 0) - before.postgres),
  };
  report('cluster-checkout', 'postgres', result, figures);
  return figures;
}

/** Orders for the subscribers' restaurants at a steady pace until `stop` says so, through HAProxy. */
async function streamOrders(cluster: Cluster, shop: Shop, stop: () => boolean) {
  while (!stop()) {
    const sent = Date.now();
    const request = checkoutRequest(shop);
    await fetch(`${cluster.proxyUrl}/api/orders`, {
      ...request,
      headers: { ...request.headers, 'idempotency-key': randomUUID() },
      signal: AbortSignal.timeout(5000),
    }).catch(() => undefined);
    await sleep(Math.max(0, 1000 / STREAM_PER_SECOND - (Date.now() - sent)));
  }
}

async function sigkillRecovery(cluster: Cluster, shop: Shop) {
  const followers = await followShop(cluster.proxyUrl, shop, SUBSCRIBERS);
  let streaming = true;
  const stream = streamOrders(cluster, shop, () => !streaming);
  const samples: number[] = [];
  try {
    await sleep(1000);
    for (let kill = 0; kill < KILLS; kill++) {
      const n = INSTANCES[(kill + 1) % INSTANCES.length]!;
      const pid = appPid(n);
      const killedAt = Date.now();
      killInstance(n, 'SIGKILL');
      await stopped(pid);
      // Longer than any recovery the multi-instance test allows (5 s).
      await sleep(6000);
      samples.push(...recoveryAfter(followers, killedAt));
      await startInstance(n);
      await sleep(PROXY_NOTICES_MS);
    }
  } finally {
    streaming = false;
    await stream;
    for (const f of followers) f.stop();
  }
  const recovered = samples.filter(Number.isFinite);
  report('cluster-sigkill-recovery', 'postgres', {
    kills: KILLS,
    subscribers: SUBSCRIBERS,
    subscribersCut: samples.length,
    neverRecovered: samples.length - recovered.length,
    p50Ms: percentile(samples, 0.5),
    p99Ms: percentile(samples, 0.99),
    maxMs: Math.max(...samples),
  });
}

async function main() {
  if (process.getuid?.() !== 0) {
    process.stderr.write('cluster.bench.ts skipped: it makes network namespaces, which needs root\n');
    return;
  }
  const cluster = clusterUp();
  try {
    const shop = await seed(cluster.db, cluster.secret);
    for (const n of [2, 3]) {
      const pid = appPid(n);
      killInstance(n, 'SIGTERM');
      await stopped(pid);
    }
    await sleep(PROXY_NOTICES_MS);
    const one = await checkout(cluster, shop, [1]);
    await Promise.all([2, 3].map(startInstance));
    await sleep(PROXY_NOTICES_MS);
    const three = await checkout(cluster, shop, INSTANCES);
    report('cluster-three-vs-one', 'postgres', {
      ordersPerSecRatio: Math.round((three.ordersPerSec / one.ordersPerSec) * 100) / 100,
      appCpuPerOrderRatio: Math.round((three.appCpuMsPerOrder / one.appCpuMsPerOrder) * 100) / 100,
    });
    await sigkillRecovery(cluster, shop);
  } finally {
    await cluster.down();
  }
}

await main();
