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
 * One pass over the restaurant's orders since $2 groups them by UTC day; the totals are the sums
 * of the days, so the cards and the chart come from the same rows in one round trip. Sales,
 * commission and payout leave cancelled orders out. Sums are float8, exact below 2^53, so both
 * drivers answer numbers.
 */
const summaryStatement = statement<[restaurantId: string, since: string], SummaryRow>(
  'sales_summary',
  `
  with per_day as (
    select (created_at at time zone 'UTC')::date as day,
      sum(total_amount) filter (where status <> 'cancelled') as sales,
      sum(commission_amount) filter (where status <> 'cancelled') as commission,
      sum(restaurant_payout) filter (where status <> 'cancelled') as payout,
      count(*) filter (where status <> 'cancelled') as orders,
      count(*) filter (where status not in ('delivered', 'cancelled')) as pending,
      count(*) filter (where status = 'delivered') as completed
    from orders
    where restaurant_id = $1 and created_at >= $2::timestamptz
    group by 1
  )
  select r.id, r.name, r.currency_symbol,
    coalesce(sum(d.sales), 0)::float8 as total_sales,
    coalesce(sum(d.commission), 0)::float8 as commission,
    coalesce(sum(d.payout), 0)::float8 as payout,
    coalesce(sum(d.pending), 0)::int as pending_count,
    coalesce(sum(d.completed), 0)::int as completed_count,
    coalesce(
      json_agg(json_build_object('day', d.day::text, 'sales', d.sales::float8, 'orders', d.orders::int) order by d.day)
        filter (where d.orders > 0),
      '[]'::json
    ) as days
  from restaurants r
  left join per_day d on true
  where r.id = $1
  group by r.id`,
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
