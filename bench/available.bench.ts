/**
 * The driver's Available list (GET /api/orders/available) on a busy platform, where riders carry
 * a long cash history: READY ready orders waiting around central Accra (half cash, half card),
 * DRIVERS verified, online drivers, and for each driver ENTRIES rider_cash entries on the ledger
 * (one per cash delivery, as order_delivered posts them), written in one INSERT ... SELECT each.
 * GH₵ gets a cash limit that half of the drivers are over (issue 22 item 4: those drivers are
 * listed card orders only), so the list's cash filter sums a rider's rider_cash entries on every
 * request.
 *
 * It prints `available-list`: the latencies of the list through HTTP under a closed load of
 * CONNECTIONS connections, each request from the next driver in turn, and of the list's statement
 * alone, SQL_RUNS runs alternating drivers over and under the limit, each run timing the statement
 * as it is (listNearestWaitingRows, `statement`) and as it was before the cash limit (`before`, the
 * same statement without its cash filter), so both meet the same machine: a same-run baseline. It
 * says how many cash orders the drivers over the limit were listed (0 with the filter) and prints
 * the plan PostgreSQL ran for one driver over the limit.
 * Run: npx tsx bench/available.bench.ts
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../src/server/db/client.js';
import { earthOf, metresBetween } from '../src/server/db/geo.js';
import { drivers, orders, payments, profiles, restaurants } from '../src/server/db/schema.js';
import { listedColumns, listNearestWaitingRows, orderFilters } from '../src/server/orders/listsRepository.js';
import { insertAccountWithoutPassword, insertRestaurant } from '../src/server/restaurants/testFixtures.js';
import { insertSignedInAccounts, insertVerifiedDrivers, type SignedInAccount } from './lib/bulkAccounts.js';
import { measure, report } from './lib/measure.js';
import { startBenchServer, type BenchServer, type DatabaseKind } from './lib/server.js';
import { percentile } from './lib/stats.js';

const READY = Number(process.env.BENCH_AVAILABLE_ORDERS ?? 2_000);
const DRIVERS = Number(process.env.BENCH_AVAILABLE_DRIVERS ?? 40);
const ENTRIES = Number(process.env.BENCH_AVAILABLE_ENTRIES ?? 5_000);
const CONNECTIONS = Number(process.env.BENCH_AVAILABLE_CONNECTIONS ?? 8);
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SQL_RUNS = Number(process.env.BENCH_AVAILABLE_SQL_RUNS ?? 400);
/** Each cash delivery leaves GH₵50.00 with the rider; the limit sits between what the two halves hold. */
const CASH_PER_ENTRY = 5_000;
const CENTER = { latitude: 5.6037, longitude: -0.187 };

/** READY ready orders at restaurants spread over about 20 km around Accra, every second one paid by card. */
async function seedOrders(server: BenchServer) {
  const db = server.app.db;
  const customerId = await insertAccountWithoutPassword(db, 'customer');
  const restaurant = await insertRestaurant(db, { ownerId: await insertAccountWithoutPassword(db, 'restaurant') });
  await db.execute(sql`
    with placed as (
      insert into orders (customer_id, restaurant_id, status, total_amount, commission_amount, restaurant_payout,
        commission_bps, currency_symbol, delivery_address, delivery_phone, delivery_code,
        restaurant_latitude, restaurant_longitude, created_at)
      select ${customerId}, ${restaurant.id}, 'ready', 5000, 500, 4500, 1000, 'GH₵',
        '7 Spintex Road, Accra', '+233 24 555 0102', '123456',
        ${CENTER.latitude}::float8 + (random() * 2 - 1) * 0.09, ${CENTER.longitude}::float8 + (random() * 2 - 1) * 0.09,
        now() - n * interval '1 second'
      from generate_series(1, ${READY}::int) as n
      returning id
    )
    insert into payments (order_id, amount, payment_method, payment_status)
    select id, 5000, case when row_number() over () % 2 = 0 then 'paystack-card' else 'cash' end,
      case when row_number() over () % 2 = 0 then 'completed' else 'pending' end
    from placed`);
}

/** DRIVERS online drivers near the centre; the first half hold ENTRIES cash deliveries' worth of cash, the rest half as many. */
async function seedDrivers(server: BenchServer): Promise<{ over: SignedInAccount[]; under: SignedInAccount[] }> {
  const db = server.app.db;
  const drivers = await insertSignedInAccounts(db, server.app.config.JWT_SECRET, 'driver', DRIVERS);
  await insertVerifiedDrivers(
    db,
    drivers.map((driver) => driver.userId),
  );
  await db.execute(sql`
    update drivers set latitude = ${CENTER.latitude}::float8 + (random() * 2 - 1) * 0.05,
      longitude = ${CENTER.longitude}::float8 + (random() * 2 - 1) * 0.05, last_location_update = now()
    where user_id = any(${sql.param(drivers.map((driver) => driver.userId))}::uuid[])`);
  const over = drivers.slice(0, Math.ceil(DRIVERS / 2));
  const under = drivers.slice(over.length);
  const started = performance.now();
  for (const [group, entries] of [
    [over, ENTRIES],
    [under, Math.floor(ENTRIES / 2)],
  ] as const) {
    for (const driver of group) {
      // One transaction per cash delivery: the rider's cash debited, the restaurant credited (balanced, as order_delivered is).
      await db.execute(sql`
        with t as (
          insert into ledger_transactions (kind, memo, created_at)
          select 'order_delivered', 'bench', now() - n * interval '1 minute' from generate_series(1, ${entries}::int) as n
          returning id, created_at
        )
        insert into ledger_entries (transaction_id, account, owner_id, currency_symbol, amount, created_at)
        select t.id, l.account, l.owner_id, 'GH₵', l.amount, t.created_at
        from t cross join lateral (values
          ('rider_cash', ${driver.userId}::uuid, ${CASH_PER_ENTRY}::bigint),
          ('restaurant', null::uuid, ${-CASH_PER_ENTRY}::bigint)
        ) as l(account, owner_id, amount)`);
    }
  }
  // The limit lies between the two halves' cash: the first half is over it.
  const limit = Math.floor((ENTRIES * 3) / 4) * CASH_PER_ENTRY;
  await db.execute(sql`
    insert into delivery_pricing (currency_symbol, base_fee, per_km_fee, included_meters, max_meters)
    values ('GH₵', 800, 150, 3000, 15000) on conflict do nothing`);
  await db.execute(sql`update delivery_pricing set cash_limit = ${limit} where currency_symbol = 'GH₵'`).catch(() => {
    process.stderr.write('available: delivery_pricing has no cash_limit column here\n');
  });
  await db.execute(sql`vacuum analyze ledger_entries`);
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze payments`);
  process.stderr.write(
    `available: ${READY} ready orders, ${DRIVERS} drivers, ${(over.length * ENTRIES + under.length * Math.floor(ENTRIES / 2)) * 2} ledger entries in ${Math.round(performance.now() - started)} ms\n`,
  );
  return { over, under };
}

/** The list's statement as it was before the cash limit (issue 22 item 4): the same, without the cash filter. */
function listAsBefore(db: Queryable, driverId: string, limit: number) {
  const metresToRestaurant = sql<number | null>`case
    when num_nulls(${drivers.latitude}, ${drivers.longitude}, ${orders.restaurantLatitude}, ${orders.restaurantLongitude}) = 0
    then ${metresBetween(earthOf(drivers.latitude, drivers.longitude), earthOf(orders.restaurantLatitude, orders.restaurantLongitude))}
    end`;
  return db
    .select({ ...listedColumns, distanceMeters: metresToRestaurant })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .innerJoin(profiles, eq(profiles.id, orders.customerId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(drivers, eq(drivers.userId, driverId))
    .where(orderFilters.waitingForDriver())
    .orderBy(sql`${metresToRestaurant} asc nulls last`, asc(orders.createdAt), asc(orders.id))
    .limit(limit);
}

/** How many cash orders the list's statement shows a driver. */
async function cashListed(server: BenchServer, driverId: string): Promise<number> {
  const rows = await listNearestWaitingRows(server.app.db, driverId, 50);
  return rows.filter((row) => row.paymentMethod !== 'paystack-card').length;
}

async function explainList(server: BenchServer, driverId: string): Promise<string> {
  const query = listNearestWaitingRows(server.app.db, driverId, 20);
  const result = (await server.app.db.execute(sql`explain (analyze, costs off) ${query.getSQL()}`)) as {
    rows: { 'QUERY PLAN': string }[];
  };
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

async function run(kind: DatabaseKind) {
  const server = await startBenchServer(kind);
  try {
    await seedOrders(server);
    const { over, under } = await seedDrivers(server);
    const plan = await explainList(server, over[0]!.userId);
    process.stderr.write(`${plan}\n`);

    const sqlMs: number[] = [];
    const beforeMs: number[] = [];
    for (let run = 0; run < SQL_RUNS; run += 1) {
      const driver = (run % 2 === 0 ? over : under)[run % over.length] ?? over[0]!;
      let began = performance.now();
      await listNearestWaitingRows(server.app.db, driver.userId, 20);
      sqlMs.push(performance.now() - began);
      began = performance.now();
      await listAsBefore(server.app.db, driver.userId, 20);
      beforeMs.push(performance.now() - began);
    }

    const everyone = [...over, ...under];
    const http = await measure({
      url: `${server.url}/api/orders/available`,
      requests: everyone.map((driver) => ({ method: 'GET', headers: { authorization: `Bearer ${driver.accessToken}` } })),
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
    });

    report('available-list', kind, {
      readyOrders: READY,
      drivers: DRIVERS,
      cashEntriesPerDriverOver: ENTRIES,
      cashOrdersListedToDriverOver: await cashListed(server, over[0]!.userId),
      cashOrdersListedToDriverUnder: await cashListed(server, under[0]!.userId),
      statement: { runs: SQL_RUNS, p50Ms: percentile(sqlMs, 0.5), p99Ms: percentile(sqlMs, 0.99) },
      before: { runs: SQL_RUNS, p50Ms: percentile(beforeMs, 0.5), p99Ms: percentile(beforeMs, 0.99) },
      http,
    });
  } finally {
    await server.close();
  }
}

for (const kind of (process.env.BENCH_DATABASES ?? 'postgres').split(',') as DatabaseKind[]) {
  await run(kind);
}
