import { and, eq, exists, gte, or } from 'drizzle-orm';
import type { SalesDay } from '@shared/orders/sales.js';
import type { OrderStatus } from '@shared/orders/status.js';
import type { Queryable } from '../db/client.js';
import { orders, restaurantMembers, restaurants } from '../db/schema.js';
import { statement, type StatementRunner } from '../db/statements.js';
import { orderFilters } from './listsRepository.js';
import { DAY_SUMS, FIRST_LIVE_DAY, midnightOf, ORDER_DAY } from './salesDays.js';

/** SQL of a restaurant's sales: sums over the amounts each order stored when it was placed. */

interface SummaryRow {
  id: string;
  name: string;
  currency_symbol: string;
  roll_up_due: boolean;
  total_sales: number;
  commission: number;
  payout: number;
  pending_count: number;
  completed_count: number;
  days: SalesDay[];
}

/**
 * The period's days since $2 (a UTC date, or -infinity): those before the restaurant's
 * watermark from their rolled-up rows, the later ones (yesterday and today, or more when a fill
 * is due) summed live from its orders with the same sums (salesDays.ts); one snapshot sees both,
 * so a fill committing meanwhile is seen whole or not at all. The cards and the chart are folded
 * from those day rows in the same round trip; the chart leaves out days of cancelled orders
 * only. Sums are float8, exact below 2^53, so both drivers answer numbers. `roll_up_due` tells
 * that days before yesterday are still live.
 */
const summaryStatement = statement<[restaurantId: string, fromDay: string], SummaryRow>(
  'sales_summary',
  `
  with r as (
    select id, name, currency_symbol, sales_rolled_until, sales_rolled_until < ${FIRST_LIVE_DAY} as roll_up_due
    from restaurants where id = $1
  ), per_day as (
    select day, sales, commission, payout, orders, pending_count, completed_count
    from restaurant_sales_days
    where restaurant_id = $1 and day >= $2::date and day < (select sales_rolled_until from r)
    union all
    select ${ORDER_DAY} as day, ${DAY_SUMS}
    from orders
    where restaurant_id = $1 and created_at >= ${midnightOf('greatest($2::date, (select sales_rolled_until from r))')}
    group by 1
  )
  select r.id, r.name, r.currency_symbol, r.roll_up_due,
    coalesce(sum(p.sales), 0)::float8 as total_sales,
    coalesce(sum(p.commission), 0)::float8 as commission,
    coalesce(sum(p.payout), 0)::float8 as payout,
    coalesce(sum(p.pending_count), 0)::int as pending_count,
    coalesce(sum(p.completed_count), 0)::int as completed_count,
    coalesce(
      json_agg(json_build_object('day', p.day::text, 'sales', p.sales::float8, 'orders', p.orders) order by p.day)
        filter (where p.orders > 0),
      '[]'::json
    ) as days
  from r left join per_day p on true
  group by r.id, r.name, r.currency_symbol, r.roll_up_due`,
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

/**
 * The sales of a restaurant since `from` (a UTC midnight; null: all time), exact whether or not
 * its days are rolled up, and whether a roll-up is due; undefined for an unknown restaurant.
 */
export async function summarizeSales(
  statements: StatementRunner,
  restaurantId: string,
  from: Date | null,
): Promise<{ totals: SalesTotals; rollUpDue: boolean } | undefined> {
  const [row] = await statements.run(summaryStatement, [restaurantId, from ? from.toISOString().slice(0, 10) : '-infinity']);
  if (!row) return undefined;
  return {
    totals: {
      restaurantName: row.name,
      currencySymbol: row.currency_symbol,
      totalSales: row.total_sales,
      commission: row.commission,
      payout: row.payout,
      pendingCount: row.pending_count,
      completedCount: row.completed_count,
      days: row.days,
    },
    rollUpDue: row.roll_up_due,
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
