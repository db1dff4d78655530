import { and, eq, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BATCH_DISTANCE_M, type CarryRefusal } from '@shared/drivers/batching.js';
import { ON_THE_ROAD } from '@shared/orders/status.js';
import type { Queryable } from '../db/client.js';
import { earthOf, metresBetween } from '../db/geo.js';
import { rowsOf } from '../db/rows.js';
import { commissionSettings, dispatchOffers, orders } from '../db/schema.js';

/**
 * SQL of batching (decision 032): the one rule every path that gives a rider an order follows.
 * A rider may take one more order while they carry fewer than the setting's number, none of
 * them picked up yet, each from the new order's restaurant or one within BATCH_DISTANCE_M of it.
 */

const carried = alias(orders, 'carried');

/** The setting, read in the statement that needs it. */
const maxCarried = sql`(select ${commissionSettings.maxCarriedOrders} from ${commissionSettings} where ${commissionSettings.id} = 1)`;

/** The restaurant of a new order: columns or values. */
export interface NewPickup {
  restaurantId: unknown;
  latitude: unknown;
  longitude: unknown;
}

/** A carried (or waiting) order's restaurant is the new order's, or within the batching distance of it (unknown positions are not). */
const togetherWith = (
  pickup: NewPickup,
  other: { restaurantId: SQLWrapper; restaurantLatitude: SQLWrapper; restaurantLongitude: SQLWrapper } = carried,
) =>
  sql`(${other.restaurantId} = ${pickup.restaurantId}::uuid or coalesce(${metresBetween(
    earthOf(other.restaurantLatitude, other.restaurantLongitude),
    sql`ll_to_earth(${pickup.latitude}::float8, ${pickup.longitude}::float8)`,
  )} <= ${BATCH_DISTANCE_M}, false))`;

const taken = alias(orders, 'taken');
const waiting = alias(orders, 'waiting');

/**
 * Whether an order waits (ready, no rider, nobody being offered it) that a rider who has just
 * taken `orderId` could be offered with it: of its kitchen or one nearby, the setting letting a
 * rider carry more than one. Asked in the taking's transaction, so that a job offers it only then.
 */
export async function waitsAlongside(db: Queryable, orderId: string): Promise<boolean> {
  const [row] = rowsOf<{ waits: boolean }>(
    await db.execute(sql`select ${maxCarried} > 1 and exists (
      select 1 from ${orders} as ${taken} join ${orders} as ${waiting} on ${togetherWith(
        { restaurantId: taken.restaurantId, latitude: taken.restaurantLatitude, longitude: taken.restaurantLongitude },
        waiting,
      )}
      where ${taken.id} = ${orderId} and ${waiting.id} <> ${taken.id} and ${waiting.status} = 'ready' and ${waiting.driverId} is null
        and not exists (select 1 from ${dispatchOffers} where ${dispatchOffers.orderId} = ${waiting.id} and ${dispatchOffers.answer} is null)
    ) as waits`),
  );
  return row?.waits ?? false;
}

/**
 * The rider `driverId` (a column or a value) may take one more order from `pickup`'s restaurant:
 * the condition of dispatch's searches. One look-up of orders_driver_idx per rider, as the test
 * of a free rider was.
 */
export const mayCarry = (driverId: SQL, pickup: NewPickup) => sql`coalesce((
  select bool_and(${carried.status} = 'accepted' and ${togetherWith(pickup)}) and count(*) < ${maxCarried}
  from ${orders} as ${carried} where ${carried.driverId} = ${driverId} and ${inArray(carried.status, [...ON_THE_ROAD])}), true)`;

/** The rider may take one more order from somewhere: none picked up, fewer than the setting (Admin's assignable drivers). */
export const hasRoom = (driverId: SQL) => sql`coalesce((
  select bool_and(${carried.status} = 'accepted') and count(*) < ${maxCarried}
  from ${orders} as ${carried} where ${carried.driverId} = ${driverId} and ${inArray(carried.status, [...ON_THE_ROAD])}), true)`;

/**
 * Why the rider may not take the order now, as committed now, or null (also for an order that
 * does not exist: the move answers 404). An order already picked up (support reassigning it) goes
 * only to a rider who carries nothing. Ask it after locking the rider's row: every path that
 * gives a rider an order holds that lock, so what they carry cannot grow until the transaction ends.
 * Prepared: dispatch asks it for every driver it offers an order to, and planning it cost more than running it.
 */
export async function carryRefusalNow(db: Queryable, driverId: string, orderId: string): Promise<CarryRefusal | null> {
  const [row] = await db
    .select({
      // Support giving a rider an order already picked up: it goes to a rider who carries nothing else.
      busy: sql<boolean>`count(${carried.id}) filter (where ${carried.status} = 'picked_up') > 0
        or (count(${carried.id}) > 0 and bool_or(${orders.status} = 'picked_up'))`,
      full: sql<boolean>`count(${carried.id}) >= ${maxCarried}`,
      tooFar: sql<boolean>`coalesce(bool_or(not ${togetherWith({
        restaurantId: orders.restaurantId,
        latitude: orders.restaurantLatitude,
        longitude: orders.restaurantLongitude,
      })}), false)`,
    })
    .from(orders)
    .leftJoin(
      carried,
      and(
        eq(carried.driverId, sql.placeholder('driverId')),
        inArray(carried.status, [...ON_THE_ROAD]),
        ne(carried.id, orders.id),
      ),
    )
    .where(eq(orders.id, sql.placeholder('orderId')))
    .prepare('batching_carry_refusal')
    .execute({ driverId, orderId });
  if (!row) return null;
  if (row.busy) return 'busy';
  if (row.full) return 'full';
  return row.tooFar ? 'tooFar' : null;
}

/** How many orders a rider may carry at once. */
export async function readMaxCarried(db: Queryable): Promise<number> {
  const [row] = await db
    .select({ maxCarriedOrders: commissionSettings.maxCarriedOrders })
    .from(commissionSettings)
    .where(eq(commissionSettings.id, 1));
  if (!row) throw new Error('commission_settings has lost its row');
  return row.maxCarriedOrders;
}

export async function writeMaxCarried(db: Queryable, maxCarriedOrders: number): Promise<void> {
  await db.update(commissionSettings).set({ maxCarriedOrders }).where(eq(commissionSettings.id, 1));
}
