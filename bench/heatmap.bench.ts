/**
 * The admin's order heat map over ORDERS orders (default 1,000,000) spread over a year in Accra,
 * Lagos and Nairobi, read through GET /api/admin/heatmap?period= (decision 010). The target is
 * an answer under 300 ms for every period.
 *
 * The data: HOMES delivery points (default 150,000) scattered around the neighbourhood centres
 * of shared/admin/neighbourhoods.ts (about 800 m around each), every order going to one of them
 * with a few metres of GPS jitter, so places repeat as they do when customers order home again
 * and again. Orders are placed evenly over the last DAYS days (365): about 2,700 a day, so
 * 7 days hold about 19,000 orders, 30 days 82,000 and 90 days 247,000. 85 % are delivered, the
 * rest cancelled or still under way; one in ten has no delivery pin. Rows go in with one
 * INSERT ... SELECT generate_series per batch with the heat map trigger switched off, then the
 * all-time counts are built in one statement, as the heatmap migration (0010_heatmap) builds them for the orders it
 * finds (a million rows through the trigger take minutes, more than `npm run bench` allows).
 *
 * It prints, per database:
 * - `heatmap-fill`: how long the orders took to store and count, and how many places the
 *   all-time counts hold;
 * - `heatmap-trigger`: what the trigger costs the orders' writes: TRIGGER_ROWS orders moved from
 *   preparing to ready (each adds 1 to a place) in one statement, with the trigger and, on
 *   another TRIGGER_ROWS orders, without it;
 * - `heatmap-read`, per period: READS sequential reads through HTTP after WARMUP unmeasured ones,
 *   p50 and p99 in ms, the CPU time a read used (server, PostgreSQL and the reading client
 *   together: the latency to expect on an idle machine), the places and orders the answer
 *   counts, its size in bytes;
 * - `heatmap-sql`, per period: the statement alone (EXPLAIN ANALYZE), its execution time and
 *   whether it used the index meant for it.
 * The machine may be shared with other work while this runs: compare runs on a quiet machine.
 * Run: npx tsx bench/heatmap.bench.ts. PostgreSQL only unless BENCH_DATABASES says otherwise; on
 * PGlite it fills a tenth of the orders.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import {
  HEATMAP_PERIODS,
  heatmapPeriodStart,
  HEATMAP_STATUSES,
  type Heatmap,
  type HeatmapPeriod,
} from '../src/shared/admin/heatmap.js';
import { NEIGHBOURHOODS } from '../src/shared/admin/neighbourhoods.js';
import { startSession } from '../src/server/auth/sessions.js';
import type { Db } from '../src/server/db/client.js';
import { insertAccountWithoutPassword, insertRestaurant } from '../src/server/restaurants/testFixtures.js';
import { report } from './lib/measure.js';
import { startBenchServer, type DatabaseKind } from './lib/server.js';
import { percentile } from './lib/stats.js';

const ORDERS = Number(process.env.BENCH_HEATMAP_ORDERS ?? 1_000_000);
const HOMES = Number(process.env.BENCH_HEATMAP_HOMES ?? 150_000);
/** PGlite fills a tenth as many orders (and homes): a million rows in WASM take longer than `npm run bench` allows. */
const sizeFor = (kind: DatabaseKind) =>
  kind === 'pglite' ? { orders: Math.round(ORDERS / 10), homes: Math.round(HOMES / 10) } : { orders: ORDERS, homes: HOMES };
type Size = ReturnType<typeof sizeFor>;
const DAYS = 365;
const BATCH = 100_000;
const READS = Number(process.env.BENCH_HEATMAP_READS ?? 40);
const TRIGGER_ROWS = 20_000;
const WARMUP = 3;
/** About 800 m, in degrees, around a neighbourhood centre. */
const SPREAD_DEG = 0.0072;
/** About 5 m of GPS jitter between two orders from the same home. */
const JITTER_DEG = 0.00005;
/** One order in this many has no delivery pin. */
const WITHOUT_PIN_EVERY = 10;
const STATUSES = [...Array<string>(17).fill('delivered'), 'cancelled', 'ready', 'picked_up'] as const;

async function seedOrders(db: Db, size: Size) {
  const ownerId = await insertAccountWithoutPassword(db, 'restaurant');
  const customerId = await insertAccountWithoutPassword(db, 'customer');
  const restaurant = await insertRestaurant(db, { ownerId });
  const started = performance.now();
  await db.execute(sql`alter table orders disable trigger orders_heatmap_places`);

  // The homes, around the neighbourhood centres in turn (a sum of three uniforms is close to a bell curve).
  await db.execute(sql`create table bench_homes (id int primary key, lat float8 not null, lng float8 not null)`);
  await db.execute(sql`
    insert into bench_homes (id, lat, lng)
    select n,
      (${sql.param(NEIGHBOURHOODS.map((place) => place.lat))}::float8[])[1 + n % ${NEIGHBOURHOODS.length}]
        + (random() + random() + random() - 1.5) * ${SPREAD_DEG}::float8,
      (${sql.param(NEIGHBOURHOODS.map((place) => place.lng))}::float8[])[1 + n % ${NEIGHBOURHOODS.length}]
        + (random() + random() + random() - 1.5) * ${SPREAD_DEG}::float8
    from generate_series(0, ${size.homes - 1}::int) as n`);

  for (let first = 1; first <= size.orders; first += BATCH) {
    const last = Math.min(first + BATCH - 1, size.orders);
    await db.execute(sql`
      insert into orders (customer_id, restaurant_id, status, total_amount, commission_amount, restaurant_payout,
        commission_bps, currency_symbol, delivery_address, delivery_phone, delivery_code,
        delivery_latitude, delivery_longitude, created_at)
      select ${customerId}, ${restaurant.id}, (${sql.param(STATUSES)}::text[])[1 + n % ${STATUSES.length}],
        3000, 300, 2700, 1000, ${restaurant.currencySymbol}, '7 Spintex Road, Accra', '+233 24 555 0102', '123456',
        case when n % ${WITHOUT_PIN_EVERY} = 0 then null else h.lat + (random() - 0.5) * ${JITTER_DEG}::float8 end,
        case when n % ${WITHOUT_PIN_EVERY} = 0 then null else h.lng + (random() - 0.5) * ${JITTER_DEG}::float8 end,
        now() - random() * ${DAYS} * interval '1 day'
      from generate_series(${first}::int, ${last}::int) as n
      join bench_homes h on h.id = (n::bigint * 2654435761) % ${size.homes}`);
    process.stderr.write(`heatmap: ${last} orders\n`);
  }
  await db.execute(sql`alter table orders enable trigger orders_heatmap_places`);
  await db.execute(sql`
    insert into heatmap_places (lat_cell, lng_cell, orders)
    select heatmap_cell(delivery_latitude), heatmap_cell(delivery_longitude), count(*)
    from orders
    where status in ('ready', 'accepted', 'picked_up', 'delivered') and delivery_latitude is not null and delivery_longitude is not null
    group by 1, 2`);
  const fillMs = Math.round(performance.now() - started);
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze heatmap_places`);
  const { rows } = (await db.execute(sql`select count(*)::int as places, sum(orders)::int as counted from heatmap_places`)) as {
    rows: { places: number; counted: number }[];
  };
  const [places] = rows;
  return { customerId, restaurantId: restaurant.id, fillMs, places: places?.places ?? 0, counted: places?.counted ?? 0 };
}

/**
 * TRIGGER_ROWS new orders at the homes, preparing (not counted), then moved to ready in one
 * UPDATE; once with the trigger, once without. Each timed UPDATE is rolled back.
 */
async function triggerCost(db: Db, customerId: string, restaurantId: string, homes: number) {
  const timedMove = async (withTrigger: boolean) => {
    let ms = 0;
    await db
      .transaction(async (tx) => {
        if (!withTrigger) await tx.execute(sql`alter table orders disable trigger orders_heatmap_places`);
        await tx.execute(sql`
          insert into orders (customer_id, restaurant_id, status, total_amount, commission_amount, restaurant_payout,
            commission_bps, currency_symbol, delivery_address, delivery_phone, delivery_code, delivery_latitude, delivery_longitude)
          select ${customerId}, ${restaurantId}, 'preparing', 3000, 300, 2700, 1000, 'GH₵', 'Accra', '+233 24 555 0102', '123456', h.lat, h.lng
          from generate_series(1, ${TRIGGER_ROWS}::int) as n
          join bench_homes h on h.id = (n::bigint * 40503) % ${homes}`);
        const started = performance.now();
        await tx.execute(sql`update orders set status = 'ready' where status = 'preparing'`);
        ms = performance.now() - started;
        throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });
    return Math.round(ms);
  };
  const withoutMs = await timedMove(false);
  const withMs = await timedMove(true);
  return {
    rows: TRIGGER_ROWS,
    withTriggerMs: withMs,
    withoutTriggerMs: withoutMs,
    perRowUs: Math.round(((withMs - withoutMs) * 1000) / TRIGGER_ROWS),
  };
}

class RollBack extends Error {}

const CLOCK_TICKS_PER_SECOND = 100;

/** CPU time a process has used, in ms, from /proc (Linux); 0 where it cannot be read. */
function processCpuMs(pid: number): number {
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU time used so far by this process (the server, and the client sending the reads) and by
 * every PostgreSQL backend connected to the bench's database. The machine is shared, so the
 * wall-clock latencies include waiting for a core; the CPU time per read is what a read costs
 * on a core of its own, close to its latency on an idle machine (the statement runs on one core).
 * For PGlite, which runs in this process, the process's own time is all of it.
 */
async function cpuMsSoFar(db: Db, kind: DatabaseKind): Promise<number> {
  const own = process.cpuUsage();
  let total = (own.user + own.system) / 1000;
  if (kind === 'postgres') {
    const { rows } = (await db.execute(sql`select pid from pg_stat_activity where datname = current_database()`)) as {
      rows: { pid: number }[];
    };
    for (const { pid } of rows) total += processCpuMs(pid);
  }
  return total;
}

/** The statements as the server runs them, with the period's start written in, for EXPLAIN. */
function explainable(period: HeatmapPeriod) {
  const from = heatmapPeriodStart(period, new Date());
  const counted = sql.raw(`status in (${HEATMAP_STATUSES.map((status) => `'${status}'`).join(', ')})
    and delivery_latitude is not null and delivery_longitude is not null`);
  if (!from) {
    return sql`explain (analyze, format json)
      with totals as (select count(*)::int as total_locations, coalesce(sum(orders), 0)::float8 as total_orders from heatmap_places)
      select c.*, t.* from totals t
      left join lateral (select lat_cell, lng_cell, orders from heatmap_places order by orders desc, lat_cell, lng_cell limit 2000) c on true`;
  }
  return sql`explain (analyze, format json)
    with cells as materialized (
      select heatmap_cell(delivery_latitude) as lat_cell, heatmap_cell(delivery_longitude) as lng_cell, count(*)::int as orders
      from orders where ${counted} and created_at >= ${from.toISOString()}::timestamptz group by 1, 2
    ), totals as (select count(*)::int as total_locations, coalesce(sum(orders), 0)::float8 as total_orders from cells)
    select c.*, t.* from totals t left join lateral (select * from cells order by orders desc, lat_cell, lng_cell limit 2000) c on true`;
}

async function explainPeriod(db: Db, period: HeatmapPeriod) {
  // As the server runs a period's grouping: in a transaction with more memory for it (heatmapRepository.ts).
  const { rows } = await db.transaction(async (tx) => {
    await tx.execute(sql`set local work_mem = '64MB'`);
    return (await tx.execute(explainable(period))) as { rows: unknown[] };
  });
  const plan = JSON.stringify(rows[0]);
  const parsed = (rows[0] as { 'QUERY PLAN': [{ 'Execution Time': number }] })['QUERY PLAN'][0];
  const index = period === 'all' ? 'heatmap_places_busiest_idx' : 'orders_heatmap_idx';
  return { executionMs: Math.round(parsed['Execution Time'] * 10) / 10, usesIndex: plan.includes(index), index };
}

async function run(kind: DatabaseKind) {
  const server = await startBenchServer(kind);
  try {
    const db = server.app.db;
    const admin = await insertAccountWithoutPassword(db, 'admin');
    const size = sizeFor(kind);
    const seeded = await seedOrders(db, size);
    report('heatmap-fill', kind, {
      orders: size.orders,
      homes: size.homes,
      days: DAYS,
      ms: seeded.fillMs,
      places: seeded.places,
      counted: seeded.counted,
    });
    report('heatmap-trigger', kind, await triggerCost(db, seeded.customerId, seeded.restaurantId, size.homes));

    const { accessToken } = await startSession(db, server.app.config.JWT_SECRET, admin);
    const headers = { authorization: `Bearer ${accessToken}`, 'accept-encoding': 'gzip' };
    for (const period of HEATMAP_PERIODS) {
      const url = `${server.url}/api/admin/heatmap?period=${period}`;
      const times: number[] = [];
      let answer: Heatmap | undefined;
      let bytes = 0;
      let cpuBefore = 0;
      for (let i = 0; i < WARMUP + READS; i++) {
        if (i === WARMUP) cpuBefore = await cpuMsSoFar(db, kind);
        const started = performance.now();
        const response = await fetch(url, { headers });
        const text = await response.text();
        const ms = performance.now() - started;
        if (response.status !== 200) throw new Error(`heat map answered ${response.status}: ${text.slice(0, 200)}`);
        if (i >= WARMUP) times.push(ms);
        answer ??= JSON.parse(text) as Heatmap;
        bytes = Number(response.headers.get('content-length') ?? text.length);
      }
      const cpuMsPerRead = Math.round((await cpuMsSoFar(db, kind)) - cpuBefore) / READS;
      report('heatmap-read', kind, {
        period,
        reads: READS,
        p50Ms: percentile(times, 0.5),
        p99Ms: percentile(times, 0.99),
        maxMs: percentile(times, 1),
        cpuMsPerRead: Math.round(cpuMsPerRead * 10) / 10,
        locations: answer?.locations.length,
        totalLocations: answer?.totalLocations,
        totalOrders: answer?.totalOrders,
        bytes,
      });
    }
    for (const period of HEATMAP_PERIODS) report('heatmap-sql', kind, { period, ...(await explainPeriod(db, period)) });
  } finally {
    await server.close();
  }
}

for (const kind of (process.env.BENCH_DATABASES ?? 'postgres').split(',') as DatabaseKind[]) {
  await run(kind);
}
