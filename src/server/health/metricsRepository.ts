import { sql } from 'drizzle-orm';
import { isActive, ORDER_STATUSES, type OrderStatus } from '@shared/orders/status.js';
import type { Queryable } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { drivers, orders, users } from '../db/schema.js';

/** SQL of the gauges /metrics computes when it is read: one statement each, on indexes. */

/** The statuses of orders someone still has work on: those that ended grow without end, so they are not counted. */
export const ACTIVE_ORDER_STATUSES = ORDER_STATUSES.filter(isActive);

/** Active orders by status, from orders_status_idx; a status without orders has no row. */
export async function countActiveOrders(db: Queryable): Promise<{ status: OrderStatus; count: number }[]> {
  return rowsOf<{ status: OrderStatus; count: number }>(
    await db.execute(sql`select ${orders.status} as status, count(*)::int as count from ${orders}
      where ${orders.status} in (${sql.join(
        ACTIVE_ORDER_STATUSES.map((status) => sql`${status}`),
        sql`, `,
      )})
      group by ${orders.status}`),
  );
}

/** Riders online as the live operations view counts them: available, verified and not disabled (drivers_available_idx). */
export async function countRidersOnline(db: Queryable): Promise<number> {
  const [row] = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from ${drivers}
      join ${users} on ${users.id} = ${drivers.userId}
      where ${drivers.isAvailable} and ${drivers.isVerified} and ${users.disabledAt} is null`),
  );
  return row?.count ?? 0;
}
