import { inArray, sql } from 'drizzle-orm';
import type { OrderAlert } from '@shared/notifications/kinds.js';
import type { Queryable } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { profiles } from '../db/schema.js';

/** SQL of the order alerts (order_alerts): which orders are due one, and who hears of it. */

/** An alert due now, with what its text says and the country its recipients' numbers are read in. */
export interface DueAlert {
  orderId: string;
  alert: OrderAlert;
  restaurantName: string;
  country: string;
  ownerId: string;
}

/** Orders older than this are never alerted about: a server back after days away must not page everyone for old orders. */
const LOOKBACK = sql`interval '1 day'`;
/** At most this many alerts a sweep, so one sweep stays short however far behind it is. */
const BATCH = 200;

/**
 * Claims, in the caller's transaction, the alerts due now: a new order (pending, or a cash order
 * placed confirmed) never moved for `waitingMinutes`, and an order ready without a driver since
 * its last move `unassignedMinutes` ago (0 turns either off). The order_alerts row each gets makes
 * it once only, however many instances sweep.
 */
export async function claimDueAlerts(
  tx: Queryable,
  { waitingMinutes, unassignedMinutes }: { waitingMinutes: number; unassignedMinutes: number },
): Promise<DueAlert[]> {
  const result = await tx.execute(sql`
    with due as (
      select o.id, 'waiting' as alert from orders o
      where ${waitingMinutes} > 0 and o.status in ('pending', 'confirmed') and o.updated_at = o.created_at
        and o.created_at <= now() - make_interval(mins => ${waitingMinutes}) and o.created_at > now() - ${LOOKBACK}
      union all
      select o.id, 'unassigned' from orders o
      where ${unassignedMinutes} > 0 and o.status = 'ready' and o.driver_id is null
        and o.updated_at <= now() - make_interval(mins => ${unassignedMinutes}) and o.updated_at > now() - ${LOOKBACK}
      limit ${BATCH}
    ), claimed as (
      insert into order_alerts (order_id, alert) select id, alert from due
      on conflict do nothing
      returning order_id, alert
    )
    select c.order_id as "orderId", c.alert, r.name as "restaurantName", r.country, r.owner_id as "ownerId"
    from claimed c
    join orders o on o.id = c.order_id
    join restaurants r on r.id = o.restaurant_id`);
  return rowsOf<DueAlert>(result);
}

/** The phone numbers, as written, of the users whose ids are given. */
export async function findPhones(tx: Queryable, userIds: string[]): Promise<{ userId: string; phone: string }[]> {
  if (userIds.length === 0) return [];
  return tx.select({ userId: profiles.id, phone: profiles.phone }).from(profiles).where(inArray(profiles.id, userIds));
}

/** The admins whose account is not disabled. */
export async function findActiveAdminIds(tx: Queryable): Promise<string[]> {
  const result = await tx.execute(
    sql`select u.id from users u join user_roles r on r.user_id = u.id where r.role = 'admin' and u.disabled_at is null`,
  );
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}
