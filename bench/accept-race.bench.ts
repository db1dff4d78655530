/**
 * Drivers racing to accept ready orders through the real HTTP API: ORDERS ready orders, and for
 * each one RACERS drivers who send PATCH /api/orders/:id/status {status: 'accepted'} at the same
 * moment, RACES_AT_ONCE orders at a time. Each order has its own group of drivers (ORDERS x RACERS
 * verified, online drivers written by SQL, tokens signed here), so the rule "one delivery on the
 * road per driver" never makes a whole group lose. It checks, from the replies and then from the
 * database, that every order was taken exactly once (one 200, the rest 409), by the driver whose
 * reply said so, and that no driver holds two deliveries, and prints `accept-race` with the
 * latencies of single requests and of whole races (first request sent to last answer).
 * The full run (50,000 requests) took about 5 minutes on the shared 2-core machine: under
 * `npm run bench` give it BENCH_TIMEOUT_SECONDS=600, or fewer orders with BENCH_RACE_ORDERS.
 * Run: npx tsx bench/accept-race.bench.ts
 */
import { sql } from 'drizzle-orm';
import { insertSignedInAccounts, insertVerifiedDrivers, type SignedInAccount } from './lib/bulkAccounts.js';
import { report } from './lib/measure.js';
import { insertOrdersAt } from './lib/ordersAt.js';
import { startBenchServer, type BenchServer, type DatabaseKind } from './lib/server.js';
import { percentile } from './lib/stats.js';

const ORDERS = Number(process.env.BENCH_RACE_ORDERS ?? 1_000);
const RACERS = Number(process.env.BENCH_RACE_DRIVERS ?? 50);
const RACES_AT_ONCE = Number(process.env.BENCH_RACES_AT_ONCE ?? 4);

async function seedDrivers(server: BenchServer): Promise<SignedInAccount[]> {
  const drivers = await insertSignedInAccounts(server.app.db, server.app.config.JWT_SECRET, 'driver', ORDERS * RACERS);
  await insertVerifiedDrivers(
    server.app.db,
    drivers.map((driver) => driver.userId),
  );
  return drivers;
}

interface RaceResult {
  winners: string[];
  statuses: number[];
  requestMs: number[];
  raceMs: number;
}

/** RACERS drivers accepting one order at once. */
async function race(server: BenchServer, orderId: string, racers: SignedInAccount[]): Promise<RaceResult> {
  const started = performance.now();
  const replies = await Promise.all(
    racers.map(async (driver) => {
      const sent = performance.now();
      const res = await fetch(`${server.url}/api/orders/${orderId}/status`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${driver.accessToken}` },
        body: JSON.stringify({ status: 'accepted' }),
      });
      await res.arrayBuffer();
      return { driver, status: res.status, ms: performance.now() - sent };
    }),
  );
  return {
    winners: replies.filter((reply) => reply.status === 200).map((reply) => reply.driver.userId),
    statuses: replies.map((reply) => reply.status),
    requestMs: replies.map((reply) => reply.ms),
    raceMs: performance.now() - started,
  };
}

/** Every order accepted by exactly the driver its race named, and no driver with two deliveries, as the database has it. */
async function storedProblems(server: BenchServer, winnerOf: Map<string, string>): Promise<string[]> {
  const rows = (await server.app.db.execute(sql`
    select id, status, driver_id from orders where id = any(${sql.param([...winnerOf.keys()])}::uuid[])`)) as {
    rows: { id: string; status: string; driver_id: string | null }[];
  };
  const problems = rows.rows
    .filter((row) => row.status !== 'accepted' || row.driver_id !== winnerOf.get(row.id))
    .map((row) => `order ${row.id} is ${row.status} with driver ${row.driver_id}, its race named ${winnerOf.get(row.id)}`);
  const doubled = (await server.app.db.execute(sql`
    select driver_id from orders where status in ('accepted', 'picked_up') and driver_id is not null
    group by driver_id having count(*) > 1`)) as { rows: { driver_id: string }[] };
  return [...problems, ...doubled.rows.map((row) => `driver ${row.driver_id} holds several deliveries`)];
}

async function run(kind: DatabaseKind) {
  const server = await startBenchServer(kind);
  try {
    const orderIds = await insertOrdersAt(server, 'ready', ORDERS);
    const drivers = await seedDrivers(server);
    process.stderr.write(`accept-race: ${orderIds.length} ready orders, ${drivers.length} drivers\n`);

    const winnerOf = new Map<string, string>();
    const requestMs: number[] = [];
    const raceMs: number[] = [];
    const badRaces: string[] = [];
    const started = performance.now();
    for (let first = 0; first < orderIds.length; first += RACES_AT_ONCE) {
      const batch = orderIds.slice(first, first + RACES_AT_ONCE);
      const results = await Promise.all(
        batch.map((orderId, offset) => {
          const group = first + offset;
          return race(server, orderId, drivers.slice(group * RACERS, (group + 1) * RACERS));
        }),
      );
      results.forEach((result, offset) => {
        const orderId = batch[offset] as string;
        requestMs.push(...result.requestMs);
        raceMs.push(result.raceMs);
        const losers = result.statuses.filter((status) => status === 409).length;
        if (result.winners.length !== 1 || losers !== RACERS - 1) {
          badRaces.push(
            `order ${orderId}: ${result.winners.length} winners, statuses ${[...new Set(result.statuses)].join(',')}`,
          );
        }
        if (result.winners[0]) winnerOf.set(orderId, result.winners[0]);
      });
    }
    const seconds = (performance.now() - started) / 1000;
    const problems = [...badRaces, ...(await storedProblems(server, winnerOf))];

    report('accept-race', kind, {
      orders: orderIds.length,
      racersPerOrder: RACERS,
      racesAtOnce: RACES_AT_ONCE,
      takenExactlyOnce: winnerOf.size,
      problems: problems.length,
      requestsPerSec: Math.round(requestMs.length / seconds),
      request: { p50Ms: percentile(requestMs, 0.5), p99Ms: percentile(requestMs, 0.99) },
      race: { p50Ms: percentile(raceMs, 0.5), p99Ms: percentile(raceMs, 0.99) },
    });
    if (problems.length > 0) {
      process.stderr.write(`${problems.slice(0, 20).join('\n')}\n`);
      process.exitCode = 1;
    }
  } finally {
    await server.close();
  }
}

for (const kind of (process.env.BENCH_DATABASES ?? 'postgres').split(',') as DatabaseKind[]) {
  await run(kind);
}
