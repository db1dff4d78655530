/**
 * Card checkout end to end against the local Paystack stand-in (src/server/test/paystack.ts):
 * each of CONNECTIONS customers in turn starts an intent (the server prices the cart and
 * initializes the transaction with the stand-in), pays it at the stand-in, and verifies it (the
 * server asks the stand-in and turns the intent into the order). Prints card checkouts per
 * second and the p50/p99 of one whole checkout (intent + verify), then checks that every
 * verified checkout is exactly one stored card order with its payment.
 * Run: npx tsx bench/card-checkout.bench.ts (BENCH_DATABASES=postgres by default)
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { paystackTestConfig, startPaystackStandIn } from '../src/server/test/paystack.js';
import { report } from './lib/measure.js';
import { startBenchServer, type DatabaseKind } from './lib/server.js';
import { pick, randomCart, seedCustomers, seedRestaurants } from './lib/shop.js';
import { percentile } from './lib/stats.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function post(url: string, token: string, body?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function run(kind: DatabaseKind) {
  const paystack = await startPaystackStandIn();
  const server = await startBenchServer(kind, { settings: paystackTestConfig(paystack) });
  try {
    const menus = await seedRestaurants(server, 10, 12);
    const tokens = await seedCustomers(server, 200);
    const latencies: number[] = [];
    let failures = 0;
    const deadline = performance.now() + DURATION_SECONDS * 1000;

    const customer = async () => {
      while (performance.now() < deadline) {
        const token = pick(tokens);
        const started = performance.now();
        const intent = await post(`${server.url}/api/payments/card/intents`, token, randomCart(menus));
        const reference = intent.json.reference as string;
        if (intent.status !== 201) {
          failures += 1;
          continue;
        }
        paystack.pay(reference);
        const verified = await post(`${server.url}/api/payments/card/intents/${reference}/verify`, token);
        if (verified.status === 200) latencies.push(performance.now() - started);
        else failures += 1;
      }
    };
    const began = performance.now();
    await Promise.all(Array.from({ length: CONNECTIONS }, customer));
    const seconds = (performance.now() - began) / 1000;

    const { rows } = (await server.app.db.execute(sql`
      select count(*)::int as orders,
        count(*) filter (where p.payment_method = 'paystack-card' and p.payment_status = 'completed')::int as paid
      from orders o left join payments p on p.order_id = o.id
    `)) as { rows: { orders: number; paid: number }[] };
    const stored = rows[0] ?? { orders: 0, paid: 0 };
    report('card-checkout', kind, {
      ordersPerSec: Math.round(latencies.length / seconds),
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      checkouts: latencies.length,
      failures,
      connections: CONNECTIONS,
      ordersStored: stored.orders,
      storedMatchesVerified: stored.orders === latencies.length && stored.paid === stored.orders,
      paystackCalls: { ...paystack.calls },
    });
  } finally {
    await server.close();
    await paystack.close();
  }
}

for (const kind of (process.env.BENCH_DATABASES ?? 'postgres').split(',') as DatabaseKind[]) {
  await run(kind);
}
