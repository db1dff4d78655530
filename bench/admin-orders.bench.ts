/**
 * Order Management's search over a platform's worth of orders: ORDERS orders (1,000,000 unless
 * BENCH_ADMIN_ORDERS says otherwise) of 100,000 customers at 1,000 restaurants over two years
 * (bench/lib/manyOrders.ts, INSERT ... SELECT generate_series), then GET /api/admin/orders
 * through the app on a loopback port, one request at a time as an admin at a desk makes them,
 * RUNS times per case, each with other values:
 * - `none`: no filter, the newest orders;
 * - `status`: one status, each in turn (rare ones included);
 * - `id-prefix`: the 8-character short id of an order, in upper case;
 * - `customer-name`: a customer's full name (a few dozen customers share each);
 * - `customer-surname`: a surname alone (thousands of customers share each);
 * - `restaurant-name`: a restaurant's name;
 * - `restaurant-and-status`: part of a restaurant name shared by five, and a status;
 * - `second-page`: the page after the first of the cases above, by its cursor.
 * It prints one JSON line: p50 and p99 in ms per case, the fill time, the machine's load average
 * before and after (other work on the machine shows in the figures), and per case whether
 * PostgreSQL's plan (EXPLAIN ANALYZE of the statement the app sends) reads an index and never
 * the whole orders table. The target is a p99 under 50 ms on PostgreSQL.
 * Run: npx tsx bench/admin-orders.bench.ts   (BENCH_DATABASES=postgres by default)
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { adminOrdersQuerySchema, type AdminOrderView } from '../src/shared/orders/views.js';
import { ORDER_STATUSES } from '../src/shared/orders/status.js';
import type { Page } from '../src/shared/paging.js';
import { startSession } from '../src/server/auth/sessions.js';
import type { Db } from '../src/server/db/client.js';
import { orderIdPrefixRange } from '../src/server/orders/idPrefix.js';
import { findNameMatches, listAdminOrderRows, searchedOrderIds } from '../src/server/orders/adminSearchRepository.js';
import { orderFilters } from '../src/server/orders/listsRepository.js';
import { insertAccountWithoutPassword } from '../src/server/restaurants/testFixtures.js';
import { FIRST_NAMES, SURNAMES, fillManyOrders } from './lib/manyOrders.js';
import { report } from './lib/measure.js';
import { startBenchServer, type DatabaseKind } from './lib/server.js';
import { percentile } from './lib/stats.js';

const ORDERS = Number(process.env.BENCH_ADMIN_ORDERS ?? 1_000_000);
const CUSTOMERS = Number(process.env.BENCH_ADMIN_CUSTOMERS ?? 100_000);
const RESTAURANTS = 1_000;
const DRIVERS = 500;
const RUNS = Number(process.env.BENCH_ADMIN_RUNS ?? 300);
const WARMUP = 30;

const pick = <T>(list: readonly T[], n: number): T => list[n % list.length] as T;
async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** Query strings of each case, RUNS of them, from the stored data. */
async function casesOf(db: Db): Promise<Record<string, string[]>> {
  const ids = await rows<{ id: string }>(db, sql`select id::text from orders tablesample system (1) limit 500`);
  const names = await rows<{ name: string }>(db, sql`select name from restaurants order by random() limit 500`);
  const areas = await rows<{ part: string }>(
    db,
    sql`select distinct split_part(name, ' ', 1) || ' ' || split_part(name, ' ', 2) as part from restaurants where name not like '% % % %'`,
  );
  const runs = Array.from({ length: RUNS }, (_, n) => n);
  const q = (text: string) => `q=${encodeURIComponent(text)}`;
  return {
    none: runs.map(() => ''),
    status: runs.map((n) => `status=${pick(ORDER_STATUSES, n)}`),
    'id-prefix': runs.map((n) => q(pick(ids, n).id.slice(0, 8).toUpperCase())),
    'customer-name': runs.map((n) => q(`${pick(FIRST_NAMES, n * 7)} ${pick(SURNAMES, n * 13)}`)),
    'customer-surname': runs.map((n) => q(pick(SURNAMES, n).toLowerCase())),
    'restaurant-name': runs.map((n) => q(pick(names, n).name)),
    'restaurant-and-status': runs.map((n) => `${q(pick(areas, n).part)}&status=${pick(['delivered', 'cancelled', 'ready'], n)}`),
  };
}

/** The statement the app sends for a query string, with EXPLAIN ANALYZE: whether it reads indexes only, never all of orders. */
async function planOf(db: Db, queryString: string): Promise<{ indexOnly: boolean; executionMs: number }> {
  const query = adminOrdersQuerySchema.parse(Object.fromEntries(new URLSearchParams(queryString)));
  const text = query.q || undefined;
  let filter = orderFilters.ofStatus(query.status);
  let page = { limit: query.limit, cursor: query.cursor };
  if (text) {
    const names = await findNameMatches(db, text);
    filter = searchedOrderIds({ status: query.status, text, idRange: orderIdPrefixRange(text), names }, query);
    page = { limit: query.limit, cursor: undefined };
  }
  const statement = listAdminOrderRows(db, filter, page).toSQL();
  const plan = await rows<{ 'QUERY PLAN': string }>(
    db,
    sql`explain (analyze, costs off) ${sql.raw(statement.sql.replace(/\$(\d+)/g, (_, i: string) => literal(statement.params[Number(i) - 1])))}`,
  );
  const lines = plan.map((row) => row['QUERY PLAN']);
  const executionMs = Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1] ?? 0);
  return { indexOnly: !lines.some((line) => /Seq Scan on orders/.test(line)), executionMs };
}

/** A parameter written into the statement for EXPLAIN (values come from this script, never from outside). */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `'{${value.map((item) => `"${String(item)}"`).join(',')}}'`;
  if (typeof value === 'number') return String(value);
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

async function run(kind: DatabaseKind) {
  const server = await startBenchServer(kind);
  try {
    const db = server.app.db;
    const fillMs = await fillManyOrders(db, kind, {
      orders: ORDERS,
      customers: CUSTOMERS,
      restaurants: RESTAURANTS,
      drivers: DRIVERS,
    });
    process.stderr.write(`admin-orders: ${ORDERS} orders stored in ${Math.round(fillMs)} ms\n`);
    const adminId = await insertAccountWithoutPassword(db, 'admin');
    const { accessToken } = await startSession(db, server.app.config.JWT_SECRET, adminId);
    const headers = { authorization: `Bearer ${accessToken}` };

    const search = async (queryString: string) => {
      const started = performance.now();
      const res = await fetch(`${server.url}/api/admin/orders?${queryString}`, { headers });
      const page = (await res.json()) as Page<AdminOrderView>;
      const ms = performance.now() - started;
      if (res.status !== 200) throw new Error(`GET /api/admin/orders?${queryString} returned ${res.status}`);
      return { ms, page };
    };

    const cases = await casesOf(db);
    const firstPages: string[] = [];
    for (const queries of Object.values(cases)) {
      for (const queryString of queries.slice(0, WARMUP)) {
        const { page } = await search(queryString);
        if (page.nextCursor) firstPages.push(`${queryString}${queryString ? '&' : ''}cursor=${page.nextCursor}`);
      }
    }
    cases['second-page'] = Array.from({ length: RUNS }, (_, n) => pick(firstPages, n * 11));

    const loadBefore = loadavg().map((value) => Math.round(value * 100) / 100);
    const results: Record<string, object> = {};
    for (const [name, queries] of Object.entries(cases)) {
      const times: number[] = [];
      let found = 0;
      for (const queryString of queries) {
        const { ms, page } = await search(queryString);
        times.push(ms);
        found += page.items.length;
      }
      const plan = kind === 'postgres' ? await planOf(db, queries[1] ?? '') : undefined;
      results[name] = {
        p50Ms: percentile(times, 0.5),
        p99Ms: percentile(times, 0.99),
        maxMs: percentile(times, 1),
        avgItems: Math.round((found / queries.length) * 10) / 10,
        ...(plan ? { indexOnly: plan.indexOnly, sqlMs: plan.executionMs } : {}),
      };
    }
    report('admin-orders-search', kind, {
      orders: ORDERS,
      customers: CUSTOMERS,
      restaurants: RESTAURANTS,
      runsPerCase: RUNS,
      fillSeconds: Math.round(fillMs / 100) / 10,
      loadAverage: { before: loadBefore, after: loadavg().map((value) => Math.round(value * 100) / 100) },
      cases: results,
    });
  } finally {
    await server.close();
  }
}

for (const kind of (process.env.BENCH_DATABASES ?? 'postgres').split(',') as DatabaseKind[]) {
  await run(kind);
}
