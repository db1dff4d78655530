/**
 * Checkout under load: signed-in customers placing cash orders with valid carts. Per database
 * it prints two lines: `checkout`, the most orders/s the server manages with CONNECTIONS
 * customers ordering back to back (with `cpuMsPerOrder`, this process's CPU time per order, and on
 * PostgreSQL `postgresCpuMsPerOrder`, the database server's), and
 * `checkout-at-rate`, the latencies when orders arrive steadily at RATE per second (PostgreSQL
 * only: PGlite cannot take that rate). Then it checks
 * that every 201 the server sent is exactly one stored order whose total equals its lines.
 * Every order pays a delivery fee (GH₵ pricing, both pins known: the distance is measured) and
 * most a tip, and goes to its customer's own phone number (CUSTOMERS customers, as many numbers).
 * On PostgreSQL, `checkout-vs-pgbench` divides orders/s by pgbench's TPC-B transactions/s measured
 * in the same run (bench/lib/pgbench.ts).
 * Run: npx tsx bench/checkout.bench.ts
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import { measure, report } from './lib/measure.js';
import { openLoad } from './lib/openLoad.js';
import { SERVER_POOL_SIZE } from '../src/server/db/client.js';
import { deliveryPricing } from '../src/server/db/schema.js';
import { pgbenchTps } from './lib/pgbench.js';
import { checkpoint } from './lib/checkpoint.js';
import { postgresCpuMs } from './lib/cpu.js';
import { POSTGRES_URL, startBenchServer, type BenchServer, type DatabaseKind } from './lib/server.js';
import { customerPhone, pick, randomCart, seedCustomers, seedRestaurants } from './lib/shop.js';

const RESTAURANTS = 10;
const ITEMS_PER_RESTAURANT = 12;
const CUSTOMERS = 200;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_CHECKOUT_RATE ?? 1000);

/**
 * Keeps every reply the server makes, so the 201s can be counted once the run is over,
 * including those to requests the load tool stopped waiting for when its time was up.
 */
function recordReplies(server: BenchServer) {
  const replies: ServerResponse[] = [];
  server.app.server.on('request', (_request, response) => replies.push(response));
  return { created: () => replies.filter((reply) => reply.statusCode === 201).length };
}

async function storedOrders(server: BenchServer) {
  const result = (await server.app.db.execute(sql`
    select count(*)::int as stored,
      count(*) filter (where total_amount <> (select sum(price * quantity) from order_items where order_id = orders.id))::int as wrong_totals
    from orders
  `)) as { rows: { stored: number; wrong_totals: number }[] };
  return result.rows[0] ?? { stored: 0, wrong_totals: 0 };
}

async function run(kind: DatabaseKind) {
  // The pool a server has (db/client.ts), not the tests' larger one: with twice the connections
  // PostgreSQL spent a fifth more CPU per order on their contention, and the server placed fewer.
  const server = await startBenchServer(kind, { poolSize: SERVER_POOL_SIZE });
  try {
    await server.app.db
      .insert(deliveryPricing)
      .values({ currencySymbol: 'GH₵', baseFee: 800, perKmFee: 150, includedMeters: 3000, maxMeters: 15_000 });
    const menus = await seedRestaurants(server, RESTAURANTS, ITEMS_PER_RESTAURANT);
    const customers = (await seedCustomers(server, CUSTOMERS)).map((token, index) => ({ token, phone: customerPhone(index) }));
    const replies = recordReplies(server);
    const checkout = () => {
      const customer = pick(customers);
      return {
        method: 'POST' as const,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
        body: randomCart(menus, customer.phone),
      };
    };
    if (kind === 'postgres') await checkpoint(POSTGRES_URL);
    const cpuBefore = process.cpuUsage();
    const postgresBefore = kind === 'postgres' ? postgresCpuMs() : undefined;
    const result = await measure({
      url: `${server.url}/api/orders`,
      method: 'POST',
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      requests: Array.from({ length: 2000 }, checkout),
      newCheckoutIdEach: true,
    });
    const cpu = process.cpuUsage(cpuBefore);
    // CPU time of this process (the server, the embedded database and the load generator) per
    // request: steadier than orders/s on a machine whose other work comes and goes.
    const perOrder = (ms: number) => Math.round((ms / Math.max(1, result.requests)) * 100) / 100;
    const cpuMsPerOrder = perOrder((cpu.user + cpu.system) / 1000);
    // The database server's CPU per order too, where it runs on this machine: the two together are
    // what an order costs the machine.
    const postgresAfter = postgresBefore === undefined ? undefined : postgresCpuMs();
    const postgresCpuMsPerOrder =
      postgresBefore === undefined || postgresAfter === undefined ? undefined : perOrder(postgresAfter - postgresBefore);
    report('checkout', kind, result, {
      ordersPerSec: result.requestsPerSec,
      connections: CONNECTIONS,
      cpuMsPerOrder,
      postgresCpuMsPerOrder,
    });
    if (kind === 'postgres') {
      const tps = await pgbenchTps(POSTGRES_URL);
      if (tps)
        report('checkout-vs-pgbench', kind, {
          ordersPerSec: result.requestsPerSec,
          pgbenchTps: tps,
          ratio: result.requestsPerSec / tps,
        });
    }
    if (kind === 'postgres') {
      // One request per order offered (warm-up included), each with its own checkout id.
      const offered = RATE * (DURATION_SECONDS + 3);
      const atRate = await openLoad({
        url: `${server.url}/api/orders`,
        ratePerSecond: RATE,
        durationSeconds: DURATION_SECONDS,
        requests: Array.from({ length: offered }, () => {
          const request = checkout();
          return { ...request, headers: { ...request.headers, 'idempotency-key': randomUUID() } };
        }),
      });
      report('checkout-at-rate', kind, atRate, { ordersPerSec: atRate.requestsPerSec, offeredPerSec: RATE });
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const created = replies.created();
    const { stored, wrong_totals: wrongTotals } = await storedOrders(server);
    report('checkout-stored', kind, {
      created201: created,
      ordersStored: stored,
      storedMatchesCreated: stored === created,
      ordersWithWrongTotal: wrongTotals,
    });
  } finally {
    await server.close();
  }
}

for (const kind of (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as DatabaseKind[]) {
  await run(kind);
}
