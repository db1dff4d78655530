/**
 * Dispatch's nearest-driver choice among many online drivers: DRIVERS verified, available drivers
 * with fresh positions spread over a square of SIDE_KM around central Accra (one INSERT ... SELECT
 * generate_series), then CHOICES choices at random restaurant points inside the square, each
 * exactly as dispatch makes it: lockNearestFreeDriver (src/server/dispatch/repository.ts) in a
 * transaction, which is then rolled back so every choice sees the same drivers. It prints
 * `dispatch-choice` with the latencies of the choice alone (`query`: the prepared statement, which
 * uses its generic plan) and of the whole transaction (`transaction`, BEGIN
 * to ROLLBACK); whether PostgreSQL's plan for it uses the GiST index drivers_dispatch_position_idx
 * (`usesIndex`, from EXPLAIN ANALYZE with the values written in), and how many scans of that
 * index the timed choices made (`indexScansWhileTimed`, one per choice when the prepared
 * statement's generic plan uses it too). The target is a p99 under 5 ms.
 *
 * With BENCH_DISPATCH_CASH_ENTRIES=n (issue 22 item 4), every driver also holds n cash deliveries on
 * the ledger (rider_cash entries of GH₵50.00 for every second driver, GH₵10.00 for the others) and
 * every choice is for a cash order under a cash limit that the first half are over: the choice then
 * sums the rider_cash entries of each candidate it reaches, nearest first, and passes over those
 * above the limit. `cashEntriesPerDriver` and `overLimitShare` say so in the result.
 * Run: npx tsx bench/dispatch.bench.ts
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DEFAULT_DISPATCH_RADIUS_KM, type DriverPosition } from '../src/shared/drivers/schemas.js';
import {
  explainableNearestFreeDriver,
  lockNearestFreeDriver,
  type NearestDriverSearch,
} from '../src/server/dispatch/repository.js';
import type { Db } from '../src/server/db/client.js';
import { report } from './lib/measure.js';
import { startBenchServer, type DatabaseKind } from './lib/server.js';
import { percentile } from './lib/stats.js';

const DRIVERS = Number(process.env.BENCH_DISPATCH_DRIVERS ?? 50_000);
const CHOICES = Number(process.env.BENCH_DISPATCH_CHOICES ?? 3_000);
const CENTER: DriverPosition = { latitude: 5.6037, longitude: -0.187 };
const SIDE_KM = 30;
/** Half the side in degrees (a degree of latitude is about 111.2 km; at 5.6° N a degree of longitude nearly the same). */
const HALF_SIDE_DEG = SIDE_KM / 2 / 111.2;
const BATCH = 10_000;
const CASH_ENTRIES = Number(process.env.BENCH_DISPATCH_CASH_ENTRIES ?? 0);
const CASH_LIMIT = CASH_ENTRIES * 3000;

/** DRIVERS accounts that are verified, online drivers with a position sent just now, in batches of one statement each. */
async function seedDrivers(db: Db) {
  const started = performance.now();
  for (let first = 1; first <= DRIVERS; first += BATCH) {
    const last = Math.min(first + BATCH - 1, DRIVERS);
    await db.execute(sql`
      with new_users as (
        insert into users (email, password_hash)
        select 'driver-' || gen_random_uuid() || '@bench.local', 'no-password' from generate_series(${first}::int, ${last}::int)
        returning id
      ), new_profiles as (
        insert into profiles (id, full_name, phone) select id, 'Bench driver', '+233 20 000 0000' from new_users
      ), new_roles as (
        insert into user_roles (user_id, role) select id, 'driver' from new_users
      )
      insert into drivers (user_id, vehicle_type, vehicle_year, vehicle_model, plate_number, drivers_license_url,
        national_id_url, vehicle_image_url, is_available, is_verified, latitude, longitude, last_location_update)
      select id, 'bike', 2020, 'Bench bike', 'GR 1234-20', '/bench/license.jpg', '/bench/id.jpg', '/bench/bike.jpg', true, true,
        ${CENTER.latitude}::float8 + (random() * 2 - 1) * ${HALF_SIDE_DEG}::float8,
        ${CENTER.longitude}::float8 + (random() * 2 - 1) * ${HALF_SIDE_DEG}::float8, now()
      from new_users`);
  }
  await db.execute(sql`vacuum analyze drivers`);
  process.stderr.write(`dispatch: ${DRIVERS} drivers stored in ${Math.round(performance.now() - started)} ms\n`);
}

/** CASH_ENTRIES rider_cash entries per driver (one statement, one ledger transaction, balanced by one cash_received line). */
async function seedCash(db: Db) {
  if (CASH_ENTRIES <= 0) return;
  const started = performance.now();
  await db.execute(sql`
    with t as (insert into ledger_transactions (kind, memo) values ('order_delivered', 'bench cash') returning id),
    cash as (
      insert into ledger_entries (transaction_id, account, owner_id, currency_symbol, amount)
      select t.id, 'rider_cash', d.user_id, 'GH₵', case when d.n % 2 = 0 then 5000 else 1000 end
      from t cross join (select user_id, row_number() over (order by user_id) as n from drivers) d
        cross join generate_series(1, ${CASH_ENTRIES}::int)
      returning transaction_id, amount
    )
    insert into ledger_entries (transaction_id, account, owner_id, currency_symbol, amount)
    select transaction_id, 'cash_received', null, 'GH₵', -sum(amount) from cash group by transaction_id`);
  await db.execute(sql`
    insert into delivery_pricing (currency_symbol, base_fee, per_km_fee, included_meters, max_meters, cash_limit)
    values ('GH₵', 800, 150, 3000, 15000, ${CASH_LIMIT})
    on conflict (currency_symbol) do update set cash_limit = excluded.cash_limit`);
  await db.execute(sql`vacuum analyze ledger_entries`);
  process.stderr.write(
    `dispatch: ${CASH_ENTRIES} cash entries per driver stored in ${Math.round(performance.now() - started)} ms\n`,
  );
}

const randomPoint = (): DriverPosition => ({
  latitude: CENTER.latitude + (Math.random() * 2 - 1) * HALF_SIDE_DEG,
  longitude: CENTER.longitude + (Math.random() * 2 - 1) * HALF_SIDE_DEG,
});

const searchAt = (point: DriverPosition): NearestDriverSearch => ({
  point,
  restaurantId: randomUUID(),
  radiusMeters: DEFAULT_DISPATCH_RADIUS_KM * 1000,
  orderId: randomUUID(),
  passedOver: [],
  ...(CASH_ENTRIES > 0 ? { cash: { currencySymbol: 'GH₵', limit: CASH_LIMIT } } : {}),
});

class Rollback extends Error {}

/** Runs `work` in a transaction that is always rolled back. */
async function rolledBack(db: Db, work: Parameters<Db['transaction']>[0]) {
  try {
    await db.transaction(async (tx) => {
      await work(tx);
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
}

/** How many scans of the dispatch index PostgreSQL has counted so far (its statistics lag by up to a second). */
async function dispatchIndexScans(db: Db): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const result = (await db.execute(
    sql`select idx_scan from pg_stat_user_indexes where indexrelname = 'drivers_dispatch_position_idx'`,
  )) as { rows: { idx_scan: string | number }[] };
  return Number(result.rows[0]?.idx_scan ?? 0);
}

/** PostgreSQL's plan for one choice with its values written in, as it ran. */
async function explainChoice(db: Db): Promise<string> {
  let plan = '';
  await rolledBack(db, async (tx) => {
    const result = (await tx.execute(
      sql`explain (analyze, costs off) ${explainableNearestFreeDriver(tx, searchAt(CENTER))}`,
    )) as {
      rows: { 'QUERY PLAN': string }[];
    };
    plan = result.rows.map((row) => row['QUERY PLAN']).join('\n');
  });
  return plan;
}

async function run(kind: DatabaseKind) {
  const server = await startBenchServer(kind);
  try {
    const db = server.app.db;
    await seedDrivers(db);
    await seedCash(db);
    const plan = await explainChoice(db);
    process.stderr.write(`${plan}\n`);

    const scansBefore = await dispatchIndexScans(db);
    const queryMs: number[] = [];
    const transactionMs: number[] = [];
    let found = 0;
    for (let choice = 0; choice < CHOICES; choice += 1) {
      const search = searchAt(randomPoint());
      const began = performance.now();
      await rolledBack(db, async (tx) => {
        const asked = performance.now();
        if (await lockNearestFreeDriver(tx, search)) found += 1;
        queryMs.push(performance.now() - asked);
      });
      transactionMs.push(performance.now() - began);
    }
    report('dispatch-choice', kind, {
      drivers: DRIVERS,
      choices: CHOICES,
      cashEntriesPerDriver: CASH_ENTRIES,
      overLimitShare: CASH_ENTRIES > 0 ? 0.5 : 0,
      found,
      usesIndex: plan.includes('drivers_dispatch_position_idx'),
      indexScansWhileTimed: (await dispatchIndexScans(db)) - scansBefore,
      query: { p50Ms: percentile(queryMs, 0.5), p99Ms: percentile(queryMs, 0.99) },
      transaction: { p50Ms: percentile(transactionMs, 0.5), p99Ms: percentile(transactionMs, 0.99) },
    });
  } finally {
    await server.close();
  }
}

for (const kind of (process.env.BENCH_DATABASES ?? 'postgres').split(',') as DatabaseKind[]) {
  await run(kind);
}
