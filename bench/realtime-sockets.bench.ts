/**
 * Many open realtime sockets on one instance: SOCKETS verified drivers, each signed in with a
 * real session and following orders:ready and driver:<own id>, as a driver's dashboard does.
 * The client sockets live in a process of their own, so the server's figures are its own.
 * Per database it prints `sockets-memory` (the server's resident set and JS heap before and after,
 * and KB per socket), `sockets-fanout-one-topic` (one event on orders:ready reaching every
 * socket, from the NOTIFY to the first and the last socket, over several rounds) and
 * `sockets-fanout-per-topic` (one event per driver:<id> topic, all raised at once).
 * Run: npx tsx bench/realtime-sockets.bench.ts
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { topics, type RealtimeEvent } from '@shared/realtime/events.js';
import type { Db } from '../src/server/db/client.js';
import type { RealtimeHub } from '../src/server/realtime/hub.js';
import { raiseCommitted } from '../src/server/realtime/publish.js';
import { insertSignedInAccounts, insertVerifiedDrivers, type SignedInAccount } from './lib/bulkAccounts.js';
import { report } from './lib/measure.js';
import { startBenchServer, type DatabaseKind } from './lib/server.js';
import { SocketCrowd, wallClock, type Arrival } from './lib/socketCrowd.js';
import { percentile } from './lib/stats.js';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const FANOUT_ROUNDS = 5;
const FANOUT_TIMEOUT_MS = 30_000;
const MIB = 1024 * 1024;

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** A limit of this process from /proc/self/limits (Linux), or undefined elsewhere. */
function softLimit(name: string): number | undefined {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((row) => row.startsWith(name));
    return line ? Number(line.slice(name.length).trim().split(/\s+/)[0]) : undefined;
  } catch {
    return undefined;
  }
}

/** Each socket costs the server one file descriptor and the client process another (which inherits this limit). */
function checkDescriptors(): number | undefined {
  const limit = softLimit('Max open files');
  if (limit !== undefined && limit < SOCKETS + 200) {
    throw new Error(
      `${SOCKETS} sockets need more open files than the limit of ${limit}: raise it with ulimit -n ${SOCKETS + 1000}`,
    );
  }
  return limit;
}

/** Memory once the garbage of whatever ran before is gone. */
async function settledMemory() {
  await new Promise((resolve) => setTimeout(resolve, 500));
  collectGarbage();
  collectGarbage();
  const { rss, heapUsed, external } = process.memoryUsage();
  return { rss, heapUsed, external };
}

/**
 * Times the hub's synchronous hand-over of each event to its sockets (serialising and writing
 * every frame), so that a fan-out's time splits into the server's share and the rest (database,
 * kernel, the client process). Measures the hub as it is; changes nothing it does.
 */
function timeDeliveries(hub: RealtimeHub) {
  const deliver = hub.deliver.bind(hub);
  let totalMs = 0;
  hub.deliver = (event) => {
    const start = performance.now();
    deliver(event);
    totalMs += performance.now() - start;
  };
  return {
    /** ms spent in deliver() since the last call. */
    take() {
      const spent = Math.round(totalMs * 10) / 10;
      totalMs = 0;
      return spent;
    },
  };
}

/** From the NOTIFY (t0) to the first and the last client that received one of the keys. */
function spread(arrivals: readonly Arrival[], keys: ReadonlySet<string>, t0: number) {
  const times = arrivals.filter(([key]) => keys.has(key)).map(([, at]) => at - t0);
  return { received: times.length, firstMs: percentile(times, 0), lastMs: percentile(times, 1) };
}

/** FANOUT_ROUNDS times one event on orders:ready, which every socket follows. */
async function fanOutOneTopic(db: Db, crowd: SocketCrowd, deliveries: ReturnType<typeof timeDeliveries>) {
  const rounds = [];
  for (let round = 0; round < FANOUT_ROUNDS; round++) {
    const orderId = randomUUID();
    const t0 = wallClock();
    void raiseCommitted(db, [{ topic: topics.ordersReady(), type: 'order.status', orderId, status: 'ready' }]);
    const arrivals = await crowd.events(SOCKETS, FANOUT_TIMEOUT_MS);
    rounds.push({ ...spread(arrivals, new Set([orderId]), t0), deliverMs: deliveries.take() });
  }
  const firstMs = rounds.map((round) => round.firstMs);
  const lastMs = rounds.map((round) => round.lastMs);
  const deliverMs = rounds.map((round) => round.deliverMs);
  return {
    sockets: SOCKETS,
    rounds: FANOUT_ROUNDS,
    receivedMin: Math.min(...rounds.map((round) => round.received)),
    firstMsP50: percentile(firstMs, 0.5),
    lastMsP50: percentile(lastMs, 0.5),
    lastMsMax: percentile(lastMs, 1),
    serverDeliverMsP50: percentile(deliverMs, 0.5),
  };
}

/** One event per driver:<id> topic, all raised at once (they leave in NOTIFY statements of up to 500). */
async function fanOutPerTopic(
  db: Db,
  crowd: SocketCrowd,
  deliveries: ReturnType<typeof timeDeliveries>,
  drivers: readonly SignedInAccount[],
) {
  const events: RealtimeEvent[] = drivers.map(({ userId }) => ({
    topic: topics.driver(userId),
    type: 'driver.updated',
    driverId: userId,
  }));
  const t0 = wallClock();
  void raiseCommitted(db, events);
  const arrivals = await crowd.events(SOCKETS, FANOUT_TIMEOUT_MS);
  return {
    sockets: SOCKETS,
    events: events.length,
    ...spread(arrivals, new Set(drivers.map(({ userId }) => userId)), t0),
    serverDeliverMs: deliveries.take(),
    rssAfterFanoutMiB: Math.round(process.memoryUsage().rss / MIB),
  };
}

async function run(kind: DatabaseKind) {
  const openFilesLimit = checkDescriptors();
  const server = await startBenchServer(kind);
  let crowd: SocketCrowd | undefined;
  try {
    const { db, config } = server.app;
    const drivers = await insertSignedInAccounts(db, config.JWT_SECRET, 'driver', SOCKETS);
    await insertVerifiedDrivers(
      db,
      drivers.map(({ userId }) => userId),
    );
    const clients = drivers.map(({ userId, accessToken }) => ({
      token: accessToken,
      topics: [topics.ordersReady(), topics.driver(userId)],
    }));

    const before = await settledMemory();
    process.stderr.write(`sockets: opening ${SOCKETS} sockets on ${kind}\n`);
    crowd = await SocketCrowd.open(`${server.url.replace('http', 'ws')}/api/realtime`, clients);
    const after = await settledMemory();
    const perSocketKB = (bytes: number) => Math.round((bytes / SOCKETS / 1024) * 10) / 10;
    report('sockets-memory', kind, {
      sockets: server.app.realtime.peerCount,
      openSeconds: Math.round(crowd.openSeconds * 10) / 10,
      rssBeforeMiB: Math.round(before.rss / MIB),
      rssAfterMiB: Math.round(after.rss / MIB),
      heapBeforeMiB: Math.round(before.heapUsed / MIB),
      heapAfterMiB: Math.round(after.heapUsed / MIB),
      rssKBPerSocket: perSocketKB(after.rss - before.rss),
      heapKBPerSocket: perSocketKB(after.heapUsed - before.heapUsed),
      externalKBPerSocket: perSocketKB(after.external - before.external),
      underOneGiB: after.rss < 1024 * MIB,
      clientProcessRssMiB: Math.round((await crowd.memory()).rss / MIB),
      openFilesLimit,
    });

    const deliveries = timeDeliveries(server.app.realtime);
    report('sockets-fanout-one-topic', kind, await fanOutOneTopic(server.app.db, crowd, deliveries));
    report('sockets-fanout-per-topic', kind, await fanOutPerTopic(server.app.db, crowd, deliveries, drivers));
  } finally {
    await crowd?.close();
    await server.close();
  }
}

/**
 * Each database in a fresh process of its own: memory a run before left in this process's
 * resident set would be reused by the sockets and hide their cost.
 */
function runAlone(kind: DatabaseKind): Promise<number | null> {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, BENCH_DATABASES: kind },
    stdio: 'inherit',
  });
  return new Promise((resolve) => child.once('exit', resolve));
}

const kinds = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as DatabaseKind[];
if (kinds.length === 1) await run(kinds[0] as DatabaseKind);
else for (const kind of kinds) if ((await runAlone(kind)) !== 0) process.exitCode = 1;
