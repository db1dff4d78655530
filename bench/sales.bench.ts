/**
 * The sales summary of a busy restaurant: 100,000 orders over a year, read by its owner through
 * GET /api/restaurants/:id/sales. Per database it prints:
 * - `sales-first-read`: the first summary, which sums every order live and then rolls the days
 *   before yesterday up (once per restaurant; afterwards one day a day);
 * - `sales-light`, per period: the latencies of the summary at a steady light rate, its days
 *   rolled up (cards and per-day chart in one statement);
 * - `sales-sql`, per period: the summary statement alone, SQL_RUNS times, alternating the
 *   statement as it was before the rollup (`query: "live"`, every order of the period summed)
 *   with the current one (`query: "rollup"`), so both meet the same machine: a same-run baseline.
 * Orders go in with one INSERT ... SELECT generate_series per batch.
 * Run: npx tsx bench/sales.bench.ts
 */
import { count, sql } from 'drizzle-orm';
import { periodStart, SALES_PERIODS, type SalesPeriod, type SalesSummary } from '../src/shared/orders/sales.js';
import { startSession } from '../src/server/auth/sessions.js';
import { restaurantSalesDays } from '../src/server/db/schema.js';
import { statement, type StatementRunner } from '../src/server/db/statements.js';
import { summarizeSales } from '../src/server/orders/salesRepository.js';
import { insertAccountWithoutPassword, insertRestaurant } from '../src/server/restaurants/testFixtures.js';
import { report } from './lib/measure.js';
import { openLoad } from './lib/openLoad.js';
import { startBenchServer, type BenchServer, type DatabaseKind } from './lib/server.js';
import { percentile } from './lib/stats.js';

const ORDERS = Number(process.env.BENCH_SALES_ORDERS ?? 100_000);
const BATCH = 20_000;
const DAYS = 365;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_SALES_RATE ?? 20);
const SQL_RUNS = Number(process.env.BENCH_SALES_SQL_RUNS ?? 200);
const STATUSES = ['confirmed', 'preparing', 'ready', 'delivered', 'delivered', 'delivered', 'cancelled'];

/** The summary statement before the per-day rollup: one pass over every order of the period. */
const liveSummary = statement<[restaurantId: string, since: string], unknown>(
  'bench_sales_summary_live',
  `
  with groups as (
    select (created_at at time zone 'UTC')::date as day, status,
      sum(total_amount) as sales, sum(commission_amount) as commission, sum(restaurant_payout) as payout,
      count(*) as orders
    from orders
    where restaurant_id = $1 and created_at >= $2::timestamptz
    group by 1, 2
  ), per_day as (
    select day, sum(sales) as sales, sum(orders) as orders
    from groups where status <> 'cancelled'
    group by day
  ), totals as (
    select coalesce(sum(sales) filter (where status <> 'cancelled'), 0)::float8 as total_sales,
      coalesce(sum(commission) filter (where status <> 'cancelled'), 0)::float8 as commission,
      coalesce(sum(payout) filter (where status <> 'cancelled'), 0)::float8 as payout,
      coalesce(sum(orders) filter (where status not in ('delivered', 'cancelled')), 0)::int as pending_count,
      coalesce(sum(orders) filter (where status = 'delivered'), 0)::int as completed_count
    from groups
  )
  select r.id, r.name, r.currency_symbol, totals.*,
    coalesce(
      (select json_agg(json_build_object('day', day::text, 'sales', sales::float8, 'orders', orders::int) order by day) from per_day),
      '[]'::json
    ) as days
  from restaurants r cross join totals
  where r.id = $1`,
);

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

async function timed(action: () => Promise<unknown>) {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

/** The statement before the rollup and the current one, SQL_RUNS times each, taking turns. */
async function compareStatements(kind: DatabaseKind, statements: StatementRunner, restaurantId: string, period: SalesPeriod) {
  const from = periodStart(period, new Date());
  const live: number[] = [];
  const rollup: number[] = [];
  for (let run = 0; run < SQL_RUNS; run++) {
    live.push(await timed(() => statements.run(liveSummary, [restaurantId, from ? from.toISOString() : '-infinity'])));
    rollup.push(await timed(() => summarizeSales(statements, restaurantId, from)));
  }
  for (const [query, times] of [
    ['live', live],
    ['rollup', rollup],
  ] as const) {
    report('sales-sql', kind, { period, query, runs: SQL_RUNS, p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99) });
  }
}

async function run(kind: DatabaseKind) {
  const server = await startBenchServer(kind);
  try {
    const { restaurantId, accessToken } = await seedOrders(server);
    const headers = { authorization: `Bearer ${accessToken}` };
    const urlOf = (period: SalesPeriod) => `${server.url}/api/restaurants/${restaurantId}/sales?period=${period}`;
    const firstReadMs = await timed(async () => {
      const first = await fetch(urlOf('all'), { headers });
      if (first.status !== 200) throw new Error(`sales summary returned ${first.status}`);
    });
    const [rolled] = await server.app.db.select({ days: count() }).from(restaurantSalesDays);
    report('sales-first-read', kind, { ms: Math.round(firstReadMs), orders: ORDERS, rolledDays: rolled?.days });

    for (const period of SALES_PERIODS) {
      const check = await fetch(urlOf(period), { headers });
      if (check.status !== 200) throw new Error(`sales summary returned ${check.status}`);
      const summary = (await check.json()) as SalesSummary;
      const requests = [{ method: 'GET' as const, headers }];
      const light = await openLoad({ url: urlOf(period), ratePerSecond: RATE, durationSeconds: DURATION_SECONDS, requests });
      report('sales-light', kind, light, {
        offeredPerSec: RATE,
        period,
        orders: ORDERS,
        days: summary.days.length,
        counted: summary.pendingCount + summary.completedCount,
      });
    }
    for (const period of SALES_PERIODS) await compareStatements(kind, server.database.statements, restaurantId, period);
  } finally {
    await server.close();
  }
}

for (const kind of (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as DatabaseKind[]) {
  await run(kind);
}
