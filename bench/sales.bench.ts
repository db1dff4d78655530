/**
 * The sales summary of a busy restaurant: 100,000 orders over a year, read by its owner through
 * GET /api/restaurants/:id/sales at a steady light rate. Per database and period it prints
 * `sales-light`, the latencies of the summary (cards and per-day chart in one statement), first
 * with the schema's indexes (`index: "schema"`), then again after creating COVERING_INDEX here
 * (`index: "covering"`): the schema does not have it; these lines show what it would buy.
 * Orders go in with one INSERT ... SELECT generate_series per batch.
 * Run: npx tsx bench/sales.bench.ts
 */
import { sql } from 'drizzle-orm';
import { SALES_PERIODS, type SalesSummary } from '../src/shared/orders/sales.js';
import { startSession } from '../src/server/auth/sessions.js';
import { insertAccountWithoutPassword, insertRestaurant } from '../src/server/restaurants/testFixtures.js';
import { report } from './lib/measure.js';
import { openLoad } from './lib/openLoad.js';
import { startBenchServer, type BenchServer, type DatabaseKind } from './lib/server.js';

const ORDERS = Number(process.env.BENCH_SALES_ORDERS ?? 100_000);
const BATCH = 20_000;
const DAYS = 365;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_SALES_RATE ?? 20);
/** Lets the summary read every figure it sums from the index alone (an index-only scan). */
const COVERING_INDEX = `create index orders_restaurant_sales_idx on orders (restaurant_id, created_at)
  include (status, total_amount, commission_amount, restaurant_payout)`;
const STATUSES = ['confirmed', 'preparing', 'ready', 'delivered', 'delivered', 'delivered', 'cancelled'];

/** One restaurant, one customer, ORDERS orders spread evenly over the last DAYS days, in batches of one statement each. */
async function seedOrders(server: BenchServer) {
  const db = server.app.db;
  const ownerId = await insertAccountWithoutPassword(db, 'restaurant');
  const customerId = await insertAccountWithoutPassword(db, 'customer');
  const restaurant = await insertRestaurant(db, { ownerId });
  const started = performance.now();
  for (let first = 1; first <= ORDERS; first += BATCH) {
    const last = Math.min(first + BATCH - 1, ORDERS);
    await db.execute(sql`
      insert into orders (customer_id, restaurant_id, status, total_amount, commission_amount, restaurant_payout,
        commission_bps, currency_symbol, delivery_address, delivery_phone, delivery_code, created_at)
      select ${customerId}, ${restaurant.id}, (${sql.param(STATUSES)}::text[])[1 + n % ${STATUSES.length}],
        1000 + n % 5000, (1000 + n % 5000) / 10, (1000 + n % 5000) - (1000 + n % 5000) / 10,
        1000, ${restaurant.currencySymbol}, '7 Spintex Road, Accra', '+233 24 555 0102', '123456',
        now() - (n % ${DAYS}) * interval '1 day' - (n % 86400) * interval '1 second'
      from generate_series(${first}::int, ${last}::int) as n`);
  }
  await db.execute(sql`vacuum analyze orders`);
  process.stderr.write(`sales: ${ORDERS} orders stored in ${Math.round(performance.now() - started)} ms\n`);
  const { accessToken } = await startSession(db, server.app.config.JWT_SECRET, ownerId);
  return { restaurantId: restaurant.id, accessToken };
}

async function run(kind: DatabaseKind) {
  const server = await startBenchServer(kind);
  try {
    const { restaurantId, accessToken } = await seedOrders(server);
    const headers = { authorization: `Bearer ${accessToken}` };
    for (const index of ['schema', 'covering'] as const) {
      if (index === 'covering') {
        await server.app.db.execute(sql.raw(COVERING_INDEX));
        await server.app.db.execute(sql`vacuum analyze orders`);
      }
      for (const period of SALES_PERIODS) {
        const url = `${server.url}/api/restaurants/${restaurantId}/sales?period=${period}`;
        const check = await fetch(url, { headers });
        const summary = (await check.json()) as SalesSummary;
        if (check.status !== 200) throw new Error(`sales summary returned ${check.status}`);
        const requests = [{ method: 'GET' as const, headers }];
        const light = await openLoad({ url, ratePerSecond: RATE, durationSeconds: DURATION_SECONDS, requests });
        const counted = summary.pendingCount + summary.completedCount;
        report('sales-light', kind, light, {
          offeredPerSec: RATE,
          period,
          index,
          orders: ORDERS,
          days: summary.days.length,
          counted,
        });
      }
    }
  } finally {
    await server.close();
  }
}

for (const kind of (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as DatabaseKind[]) {
  await run(kind);
}
