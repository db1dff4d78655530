/**
 * User and Driver Management's searches among many accounts, on PostgreSQL: 300,000 users with
 * profiles and roles, 60,000 of them drivers. For each search it prints the latency of the
 * statement the API runs (`admin-search`, median and p95 over SQL_RUNS runs) and its plan, so
 * one can see the trigram indexes (pg_trgm) at work: `*_trgm_idx` bitmap scans for text of three
 * characters or more, the newest-first index (users_created_idx, drivers_created_idx) otherwise.
 * Accounts go in with one INSERT ... SELECT generate_series per table.
 * Run: npx tsx bench/admin-search.bench.ts
 */
import { sql } from 'drizzle-orm';
import { pageQuerySchema } from '../src/shared/paging.js';
import { driverRowsStatement, listDriverRows } from '../src/server/admin/drivers/repository.js';
import { listUserRows, userRowsStatement } from '../src/server/admin/users/repository.js';
import type { Db } from '../src/server/db/client.js';
import { report } from './lib/measure.js';
import { startBenchServer } from './lib/server.js';
import { percentile } from './lib/stats.js';

const USERS = Number(process.env.BENCH_ADMIN_USERS ?? 300_000);
const DRIVER_EVERY = 5;
const SQL_RUNS = Number(process.env.BENCH_ADMIN_SQL_RUNS ?? 50);
const FIRST_NAMES = ['Ama', 'Kofi', 'Esi', 'Kwame', 'Yaa', 'Kwesi', 'Abena', 'Kojo', 'Akosua', 'Yaw'];
const LAST_NAMES = ['Owusu', 'Mensah', 'Asante', 'Boateng', 'Darko', 'Appiah', 'Osei', 'Adjei', 'Agyeman', 'Ofori'];

async function seed(db: Db) {
  await db.execute(sql`
    insert into users (id, email, password_hash, created_at)
    select md5('user' || n)::uuid, 'person' || n || '@example.com', 'x', now() - n * interval '1 minute'
    from generate_series(1, ${USERS}::int) n`);
  await db.execute(sql`
    insert into profiles (id, full_name, phone, created_at)
    select md5('user' || n)::uuid,
      (${sql.param(FIRST_NAMES)}::text[])[1 + n % 10] || ' ' || (${sql.param(LAST_NAMES)}::text[])[1 + (n / 10) % 10] || ' ' || n,
      '+233 ' || lpad((n % 100)::text, 2, '0') || ' ' || lpad((n % 1000)::text, 3, '0') || ' ' || lpad((n % 10000)::text, 4, '0'),
      now() - n * interval '1 minute'
    from generate_series(1, ${USERS}::int) n`);
  await db.execute(sql`
    insert into user_roles (user_id, role)
    select md5('user' || n)::uuid, case when n % ${DRIVER_EVERY} = 0 then 'driver' when n % 997 = 0 then 'admin' else 'customer' end
    from generate_series(1, ${USERS}::int) n`);
  await db.execute(sql`
    insert into drivers (user_id, vehicle_type, vehicle_year, vehicle_model, plate_number,
      drivers_license_url, national_id_url, vehicle_image_url, created_at)
    select md5('user' || n)::uuid, 'bike', 2020, 'Honda CG 125', 'GR-' || lpad((n % 10000)::text, 4, '0') || '-' || (n % 30),
      '/api/files/driver-licenses/x.webp', '/api/files/national-ids/x.webp', '/api/files/vehicle-images/x.webp',
      now() - n * interval '1 minute'
    from generate_series(${DRIVER_EVERY}::int, ${USERS}::int, ${DRIVER_EVERY}::int) n`);
  await db.execute(sql`analyze`);
}

const page = (extra: object) => ({ ...pageQuerySchema.parse({}), ...extra });

const SEARCHES: { list: 'users' | 'drivers'; q?: string; role?: 'admin' | 'driver' }[] = [
  { list: 'users' },
  { list: 'users', q: 'person123456@' },
  { list: 'users', q: 'KWAME OWUSU 42' },
  { list: 'users', q: '555 0101' },
  { list: 'users', q: 'owusu' },
  { list: 'users', q: 'zz' },
  { list: 'users', q: 'ko' },
  { list: 'users', role: 'admin' },
  { list: 'drivers' },
  { list: 'drivers', q: 'gr-1234' },
  { list: 'drivers', q: 'Yaa Osei 10' },
  { list: 'drivers', q: 'ab' },
];

async function main() {
  const server = await startBenchServer('postgres');
  try {
    const db = server.app.db;
    const started = performance.now();
    await seed(db);
    report('admin-search-seed', 'postgres', {
      users: USERS,
      drivers: USERS / DRIVER_EVERY,
      ms: Math.round(performance.now() - started),
    });

    for (const search of SEARCHES) {
      const query = page({ q: search.q, role: search.role });
      const run = () => (search.list === 'users' ? listUserRows(db, query) : listDriverRows(db, query));
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < SQL_RUNS; i++) {
        const at = performance.now();
        rows = (await run()).length;
        times.push(performance.now() - at);
      }
      const statement = await explain(
        db,
        search.list === 'users' ? userRowsStatement(db, query) : driverRowsStatement(db, query),
      );
      report('admin-search', 'postgres', {
        list: search.list,
        q: search.q ?? null,
        role: search.role ?? null,
        rows,
        medianMs: Number(percentile(times, 0.5).toFixed(2)),
        p95Ms: Number(percentile(times, 0.95).toFixed(2)),
        indexes: [...new Set(statement.match(/\b\w+_idx\b/g) ?? [])],
      });
      if (process.env.BENCH_ADMIN_PLANS !== '0') process.stdout.write(`${statement}\n`);
    }
  } finally {
    await server.close();
  }
}

/** EXPLAIN ANALYZE of a statement as the API runs it, its parameters written in. */
async function explain(db: Db, statement: { toSQL(): { sql: string; params: unknown[] } }): Promise<string> {
  const { sql: text, params } = statement.toSQL();
  const result = await db.execute(sql.raw(`explain (analyze, costs off, timing off, summary off) ${inline(text, params)}`));
  return (result as { rows: { 'QUERY PLAN': string }[] }).rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** The statement with its parameters written in as literals, for EXPLAIN. */
const inline = (text: string, params: unknown[]) =>
  text.replace(/\$(\d+)/g, (_, index: string) => {
    const value = params[Number(index) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });

await main();
