import { desc, eq, sql } from 'drizzle-orm';
import { RECENT_COMMISSION_CHANGES } from '@shared/admin/commission.js';
import type { CurrencyTotals, OverviewDay, TableCount } from '@shared/admin/overview.js';
import { IN_PROGRESS_STATUSES, type InProgressStatus } from '@shared/orders/status.js';
import type { Queryable, Tx } from '../db/client.js';
import { commissionChanges, commissionSettings, profiles } from '../db/schema.js';
import { statement, type StatementRunner } from '../db/statements.js';
import { PLATFORM_DAY_SUMS } from '../orders/platformDays.js';
import { FIRST_LIVE_DAY, midnightOf, ORDER_DAY } from '../orders/salesDays.js';
import { rowsOf } from '../db/rows.js';

/** SQL of the admin Overview and the commission setting (overview.ts and commission.ts say why it is shaped so). */

const COUNTED_TABLES = ['users', 'restaurants', 'drivers'] as const;
export type CountedTable = (typeof COUNTED_TABLES)[number];

/**
 * Each table's size: counted exactly while the planner estimates it below `estimateFrom` rows
 * (or has never estimated it: -1), the planner's estimate (pg_class.reltuples) from there on.
 */
export async function countTables(db: Queryable, estimateFrom: number): Promise<Record<CountedTable, TableCount>> {
  const estimates = rowsOf<{ name: CountedTable; estimate: number }>(
    await db.execute(sql`
      select relname as name, reltuples::float8 as estimate from pg_class
      where oid in (${sql.raw(COUNTED_TABLES.map((table) => `'${table}'::regclass`).join(', '))})`),
  );
  const estimateOf = (table: CountedTable) => estimates.find((row) => row.name === table)?.estimate ?? -1;
  const counted = COUNTED_TABLES.filter((table) => estimateOf(table) < estimateFrom);
  const exact = counted.length
    ? rowsOf<Record<CountedTable, number>>(
        await db.execute(
          sql.raw(`select ${counted.map((table) => `(select count(*) from ${table})::float8 as ${table}`).join(', ')}`),
        ),
      )[0]
    : undefined;
  const countOf = (table: CountedTable): TableCount =>
    counted.includes(table)
      ? { count: Number(exact?.[table] ?? 0), approximate: false }
      : { count: Math.round(estimateOf(table)), approximate: true };
  return { users: countOf('users'), restaurants: countOf('restaurants'), drivers: countOf('drivers') };
}

export interface PlatformMoney {
  rollUpDue: boolean;
  orders: number;
  cancelled: number;
  currencies: CurrencyTotals[];
  days: OverviewDay[];
}

interface MoneyRow {
  roll_up_due: boolean;
  orders: number;
  cancelled: number;
  currencies: CurrencyTotals[];
  days: OverviewDay[];
}

/**
 * Every day of the platform: those before the watermark from their rolled-up rows
 * (platform_sales_days), the later ones (yesterday and today, or more when a fill is due) summed
 * live from the orders through the created_at index; one snapshot sees both, so a fill committing
 * meanwhile is seen whole or not at all. Totals per currency, and the days since $1 (a UTC date)
 * for the chart. Sums are float8, exact below 2^53, so both drivers answer numbers.
 */
const moneyStatement = statement<[fromDay: string], MoneyRow>(
  'admin_overview_money',
  `
  with mark as (
    select rolled_until, rolled_until < ${FIRST_LIVE_DAY} as roll_up_due from platform_sales_rollup where id = 1
  ), per_day as (
    select day, currency_symbol, orders, cancelled, sales, commission
    from platform_sales_days
    where day < (select rolled_until from mark)
    union all
    select ${ORDER_DAY} as day, currency_symbol, ${PLATFORM_DAY_SUMS}
    from orders
    where created_at >= ${midnightOf('(select rolled_until from mark)')}
    group by 1, 2
  )
  select
    coalesce((select roll_up_due from mark), false) as roll_up_due,
    (select coalesce(sum(orders + cancelled), 0)::float8 from per_day) as orders,
    (select coalesce(sum(cancelled), 0)::float8 from per_day) as cancelled,
    (select coalesce(json_agg(json_build_object(
        'currencySymbol', currency_symbol, 'orders', orders, 'revenue', revenue, 'commission', commission
      ) order by orders desc, currency_symbol), '[]'::json)
      from (
        select currency_symbol, sum(orders)::float8 as orders, sum(sales)::float8 as revenue, sum(commission)::float8 as commission
        from per_day group by currency_symbol
      ) totals
    ) as currencies,
    (select coalesce(json_agg(json_build_object(
        'day', day::text, 'currencySymbol', currency_symbol, 'orders', orders, 'revenue', sales::float8
      ) order by day, currency_symbol), '[]'::json)
      from per_day where day >= $1::date and orders > 0
    ) as days`,
);

/** The platform's orders and money, per currency, exact; and the days since `from` (a UTC midnight). */
export async function sumPlatformMoney(statements: StatementRunner, from: Date): Promise<PlatformMoney> {
  const [row] = await statements.run(moneyStatement, [from.toISOString().slice(0, 10)]);
  if (!row) throw new Error('the overview statement answered no row');
  return { rollUpDue: row.roll_up_due, orders: row.orders, cancelled: row.cancelled, currencies: row.currencies, days: row.days };
}

/** Orders still in progress, by status: the in-progress ranges of the status index (orders_status_idx). */
export async function countInProgress(db: Queryable): Promise<{ status: InProgressStatus; count: number }[]> {
  const rows = rowsOf<{ status: InProgressStatus; count: number }>(
    await db.execute(sql`
      select status, count(*)::int as count from orders
      where ${sql.raw(`status in (${IN_PROGRESS_STATUSES.map((status) => `'${status}'`).join(', ')})`)}
      group by status`),
  );
  return IN_PROGRESS_STATUSES.map((status) => ({ status, count: rows.find((row) => row.status === status)?.count ?? 0 }));
}

export async function readCommission(db: Queryable) {
  const [current] = await db
    .select({ bps: commissionSettings.commissionBps, updatedAt: commissionSettings.updatedAt })
    .from(commissionSettings)
    .where(eq(commissionSettings.id, 1));
  if (!current) throw new Error('commission_settings has lost its row');
  return current;
}

/** The latest changes of the rate, newest first, with the name of whoever made each. */
export function listRecentCommissionChanges(db: Queryable) {
  return db
    .select({
      id: commissionChanges.id,
      oldBps: commissionChanges.oldBps,
      newBps: commissionChanges.newBps,
      changedById: commissionChanges.changedBy,
      changedByName: profiles.fullName,
      changedAt: commissionChanges.changedAt,
    })
    .from(commissionChanges)
    .leftJoin(profiles, eq(profiles.id, commissionChanges.changedBy))
    .orderBy(desc(commissionChanges.changedAt), desc(commissionChanges.id))
    .limit(RECENT_COMMISSION_CHANGES);
}

/** The current rate in basis points, its row locked until the transaction ends. */
export async function lockCommission(tx: Tx): Promise<number> {
  const [current] = await tx
    .select({ bps: commissionSettings.commissionBps })
    .from(commissionSettings)
    .where(eq(commissionSettings.id, 1))
    .for('update');
  if (!current) throw new Error('commission_settings has lost its row');
  return current.bps;
}

/**
 * Sets the rate and records the change, at one time: clock_timestamp(), taken after the lock, so
 * the history keeps the order in which the changes were made.
 */
export async function writeCommissionChange(tx: Tx, change: { oldBps: number; newBps: number; changedBy: string }) {
  await tx.execute(sql`
    with change as (
      insert into commission_changes (old_bps, new_bps, changed_by, changed_at)
      values (${change.oldBps}, ${change.newBps}, ${change.changedBy}, clock_timestamp())
      returning changed_at
    )
    update commission_settings set commission_bps = ${change.newBps}, updated_at = (select changed_at from change) where id = 1`);
}
