/**
 * The statement of a busy restaurant: ORDERS delivered orders (default 100,000) over the last
 * DAYS days, each posted on the ledger as a delivery posts it (five entries: the rider's cash, the
 * restaurant's payout, commission, the rider's earning and the platform's share of the fee), read
 * by its owner through GET /api/restaurants/:id/statement. The target: a month's page under 50 ms
 * at p99. Per database it prints:
 * - `statement-fill`: how long the orders and their postings took to store;
 * - `statement-first-read`: the first page read after start, which sums the account before the
 *   month once (statementBalances.ts keeps that sum for the next reads);
 * - `statement-light`, per period (this month, a month half a year back, a whole year): the
 *   latencies at a steady light rate (RATE a second) over HTTP, and the entries of the page;
 * - `statement-sql`, per period: readStatement alone SQL_RUNS times, with the opening balance
 *   summed from a settled month start (`query: "kept"`, as served) or, as a same-run baseline,
 *   the plain sum of every entry before the period (`query: "every entry"`);
 * - `statement-csv`: a month's and a year's CSV download, their rows and time;
 * - `earnings-light`: GET /api/drivers/me/earnings of one of the RIDERS riders at the same rate.
 * Rows go in with one INSERT ... SELECT generate_series per batch.
 * Run: npx tsx bench/statement.bench.ts
 */
import { sql } from 'drizzle-orm';
import { dayStart, isoDay, monthStart, type Statement } from '../src/shared/ledger/statement.js';
import { startSession } from '../src/server/auth/sessions.js';
import { rowsOf } from '../src/server/db/rows.js';
import { readStatement } from '../src/server/ledger/statement.js';
import { insertAccountWithoutPassword, insertRestaurant } from '../src/server/restaurants/testFixtures.js';
import { insertSignedInAccounts } from './lib/bulkAccounts.js';
import { report } from './lib/measure.js';
import { openLoad } from './lib/openLoad.js';
import { startBenchServer, type BenchServer, type DatabaseKind } from './lib/server.js';
import { percentile } from './lib/stats.js';

const ORDERS = Number(process.env.BENCH_STATEMENT_ORDERS ?? 100_000);
const RIDERS = Number(process.env.BENCH_STATEMENT_RIDERS ?? 50);
const BATCH = 20_000;
const DAYS = 365;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_STATEMENT_RATE ?? 20);
const SQL_RUNS = Number(process.env.BENCH_STATEMENT_SQL_RUNS ?? 200);

/** One restaurant, RIDERS riders and ORDERS delivered cash orders with their order_delivered postings, delivered 40 minutes after they were placed. */
async function seed(server: BenchServer) {
  const db = server.app.db;
  const ownerId = await insertAccountWithoutPassword(db, 'restaurant');
  const customerId = await insertAccountWithoutPassword(db, 'customer');
  const restaurant = await insertRestaurant(db, { ownerId });
  const riders = await insertSignedInAccounts(db, server.app.config.JWT_SECRET, 'driver', RIDERS);
  const riderIds = riders.map((rider) => rider.userId);
  const started = performance.now();
  for (let first = 1; first <= ORDERS; first += BATCH) {
    const last = Math.min(first + BATCH - 1, ORDERS);
    await db.execute(sql`
      with placed as (
        insert into orders (customer_id, restaurant_id, driver_id, status, total_amount, commission_amount, restaurant_payout,
          commission_bps, currency_symbol, delivery_address, delivery_phone, delivery_code,
          delivery_fee, delivery_share, tip_amount, created_at)
        select ${customerId}, ${restaurant.id}, (${sql.param(riderIds)}::uuid[])[1 + n % ${RIDERS}], 'delivered',
          1000 + n % 5000, (1000 + n % 5000) / 10, (1000 + n % 5000) - (1000 + n % 5000) / 10,
          1000, ${restaurant.currencySymbol}, '7 Spintex Road, Accra', '+233 24 555 0102', '123456',
          500 + n % 7 * 100, 100 + n % 7 * 20, n % 3 * 100,
          now() - (n % ${DAYS}) * interval '1 day' - (n % 86400) * interval '1 second' - interval '1 hour'
        from generate_series(${first}::int, ${last}::int) as n
        returning id, driver_id, created_at, total_amount, commission_amount, restaurant_payout, delivery_fee, delivery_share, tip_amount
      ), posted as (
        insert into ledger_transactions (kind, order_id, created_at)
        select 'order_delivered', id, created_at + interval '40 minutes' from placed
        returning id, order_id, created_at
      )
      insert into ledger_entries (transaction_id, account, owner_id, currency_symbol, amount, created_at)
      select posted.id, line.account, line.owner_id, ${restaurant.currencySymbol}, line.amount, posted.created_at
      from posted join placed on placed.id = posted.order_id
      cross join lateral (values
        ('rider_cash', placed.driver_id, (placed.total_amount + placed.delivery_fee + placed.tip_amount)::bigint),
        ('restaurant', ${restaurant.id}::uuid, -placed.restaurant_payout::bigint),
        ('commission', null::uuid, -placed.commission_amount::bigint),
        ('rider', placed.driver_id, -(placed.delivery_fee - placed.delivery_share + placed.tip_amount)::bigint),
        ('delivery_share', null::uuid, -placed.delivery_share::bigint)
      ) as line(account, owner_id, amount)
      where line.amount <> 0`);
  }
  await db.execute(sql`vacuum analyze`);
  const fillMs = Math.round(performance.now() - started);
  const [entries] = rowsOf<{ count: number }>(await db.execute(sql`select count(*)::int as count from ledger_entries`));
  const { accessToken } = await startSession(db, server.app.config.JWT_SECRET, ownerId);
  return { restaurantId: restaurant.id, accessToken, rider: riders[0]!, fillMs, entries: entries?.count ?? 0 };
}

async function timed(action: () => Promise<unknown>) {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

/** The periods read: this month, a month half a year back, and the whole last year (a first page of each). */
function periods(now: Date) {
  const thisMonth = monthStart(isoDay(now));
  return [
    { name: 'this month', from: thisMonth, to: monthStart(thisMonth, 1) },
    { name: 'six months back', from: monthStart(thisMonth, -6), to: monthStart(thisMonth, -5) },
    { name: 'a year', from: monthStart(thisMonth, -11), to: monthStart(thisMonth, 1) },
  ];
}

/** The baseline: the opening balance as the plain sum of every entry before the period. */
async function everyEntryBefore(server: BenchServer, restaurantId: string, from: string) {
  await server.app.db.execute(sql`
    select coalesce(sum(amount), 0)::float8 from ledger_entries
    where account = 'restaurant' and owner_id = ${restaurantId} and currency_symbol = 'GH₵' and created_at < ${dayStart(from).toISOString()}::timestamptz`);
}

async function run(kind: DatabaseKind) {
  const server = await startBenchServer(kind);
  try {
    const { restaurantId, accessToken, rider, fillMs, entries } = await seed(server);
    report('statement-fill', kind, { ms: fillMs, orders: ORDERS, entries });
    const headers = { authorization: `Bearer ${accessToken}` };
    const base = `${server.url}/api/restaurants/${restaurantId}/statement`;

    const firstReadMs = await timed(async () => {
      const first = await fetch(base, { headers });
      if (first.status !== 200) throw new Error(`statement returned ${first.status}`);
    });
    report('statement-first-read', kind, { ms: Math.round(firstReadMs * 10) / 10, orders: ORDERS });

    for (const period of periods(new Date())) {
      const url = `${base}?from=${period.from}&to=${period.to}`;
      const check = await fetch(url, { headers });
      if (check.status !== 200) throw new Error(`statement returned ${check.status}`);
      const page = (await check.json()) as Statement;
      const light = await openLoad({
        url,
        ratePerSecond: RATE,
        durationSeconds: DURATION_SECONDS,
        requests: [{ method: 'GET', headers }],
      });
      report('statement-light', kind, light, {
        offeredPerSec: RATE,
        period: period.name,
        from: period.from,
        to: period.to,
        entriesOnPage: page.entries.length,
        moreEntries: page.nextCursor !== null,
        openingBalance: page.openingBalance,
      });
    }

    for (const period of periods(new Date())) {
      const kept: number[] = [];
      const every: number[] = [];
      const owner = { account: 'restaurant' as const, ownerId: restaurantId, currencySymbol: 'GH₵' };
      for (let runIndex = 0; runIndex < SQL_RUNS; runIndex++) {
        kept.push(await timed(() => readStatement(server.database, owner, { from: period.from, to: period.to, limit: 50 })));
        every.push(await timed(() => everyEntryBefore(server, restaurantId, period.from)));
      }
      for (const [query, times] of [
        ['kept', kept],
        ['every entry', every],
      ] as const) {
        report('statement-sql', kind, {
          period: period.name,
          query,
          runs: SQL_RUNS,
          p50Ms: percentile(times, 0.5),
          p99Ms: percentile(times, 0.99),
        });
      }
    }

    for (const period of [periods(new Date())[0]!, periods(new Date())[2]!]) {
      let rows = 0;
      const ms = await timed(async () => {
        const res = await fetch(`${base}.csv?from=${period.from}&to=${period.to}`, { headers });
        if (res.status !== 200) throw new Error(`statement CSV returned ${res.status}`);
        rows = (await res.text()).split('\r\n').length - 2;
      });
      report('statement-csv', kind, { period: period.name, rows, ms: Math.round(ms) });
    }

    const earningsUrl = `${server.url}/api/drivers/me/earnings`;
    const riderHeaders = { authorization: `Bearer ${rider.accessToken}` };
    const earnings = await fetch(earningsUrl, { headers: riderHeaders });
    if (earnings.status !== 200) throw new Error(`earnings returned ${earnings.status}`);
    const light = await openLoad({
      url: earningsUrl,
      ratePerSecond: RATE,
      durationSeconds: DURATION_SECONDS,
      requests: [{ method: 'GET', headers: riderHeaders }],
    });
    report('earnings-light', kind, light, { offeredPerSec: RATE, deliveries: Math.round(ORDERS / RIDERS) });
  } finally {
    await server.close();
  }
}

for (const kind of (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as DatabaseKind[]) {
  await run(kind);
}
