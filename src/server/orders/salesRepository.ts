import { and, eq, exists, gte, or } from 'drizzle-orm';
import type { SalesDay } from '@shared/orders/sales.js';
import type { OrderStatus } from '@shared/orders/status.js';
import type { Queryable } from '../db/client.js';
import { orders, restaurantMembers, restaurants } from '../db/schema.js';
import { statement, type StatementRunner } from '../db/statements.js';
import { orderFilters } from './repository.js';

/** SQL of a restaurant's sales: sums over the amounts each order stored when it was placed. */

interface SummaryRow {
  id: string;
  name: string;
  currency_symbol: string;
  total_sales: number;
  commission: number;
  payout: number;
  pending_count: number;
  completed_count: number;
  days: SalesDay[];
}

/**
 * One pass over the restaurant's orders since $2 groups them by UTC day and status (plain sums,
 * no per-row filters: the cheapest grouping of the rows); the cards and the chart are then
 * folded from those few groups, so both come from the same rows in one round trip. Sales,
 * commission and payout leave cancelled orders out. Sums are float8, exact below 2^53, so both
 * drivers answer numbers.
 */
const summaryStatement = statement<[restaurantId: string, since: string], SummaryRow>(
  'sales_summary',
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

export interface SalesTotals {
  restaurantName: string;
  currencySymbol: string;
  totalSales: number;
  commission: number;
  payout: number;
  pendingCount: number;
  completedCount: number;
  days: SalesDay[];
}

/** The sales of a restaurant since `from` (null: all time); undefined for an unknown restaurant. */
export async function summarizeSales(
  statements: StatementRunner,
  restaurantId: string,
  from: Date | null,
): Promise<SalesTotals | undefined> {
  const [row] = await statements.run(summaryStatement, [restaurantId, from ? from.toISOString() : '-infinity']);
  if (!row) return undefined;
  return {
    restaurantName: row.name,
    currencySymbol: row.currency_symbol,
    totalSales: row.total_sales,
    commission: row.commission,
    payout: row.payout,
    pendingCount: row.pending_count,
    completedCount: row.completed_count,
    days: row.days,
  };
}

/** A restaurant's transactions: orders in `statuses` (all when undefined) placed since `from` (null: all time). */
export const salesFilter = (restaurantId: string, statuses: readonly OrderStatus[] | undefined, from: Date | null) =>
  and(orderFilters.ofRestaurant(restaurantId, statuses), from ? gte(orders.createdAt, from) : undefined);

const managedColumns = { id: restaurants.id, name: restaurants.name, currencySymbol: restaurants.currencySymbol };

/** The restaurant this user owns (one at most) and those they manage, by name. */
export function listManagedRestaurants(db: Queryable, userId: string) {
  return db
    .select(managedColumns)
    .from(restaurants)
    .where(
      or(
        eq(restaurants.ownerId, userId),
        exists(
          db
            .select({ one: restaurantMembers.userId })
            .from(restaurantMembers)
            .where(and(eq(restaurantMembers.restaurantId, restaurants.id), eq(restaurantMembers.userId, userId))),
        ),
      ),
    )
    .orderBy(restaurants.name, restaurants.id);
}
