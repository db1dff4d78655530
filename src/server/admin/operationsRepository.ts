import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { CarriedOrder } from '@shared/admin/operations.js';
import { ON_THE_ROAD } from '@shared/orders/status.js';
import type { Queryable } from '../db/client.js';
import { dispatchOffers, drivers, orders, profiles, restaurants, users } from '../db/schema.js';

/**
 * SQL of the live operations view (decision 031): two statements, each list cut at `limit` rows.
 * Ready orders without a rider come from the partial index orders_ready_unassigned_idx, those on
 * the road from orders_status_idx; riders online are the available ones (drivers_available_idx)
 * and those carrying an order (orders_status_idx again).
 */

const driverProfiles = alias(profiles, 'driver_profiles');

/** When an order was first ready: orders from before the time was kept fall back to their last change. */
const readyAt = sql`coalesce(${orders.readyAt}, ${orders.updatedAt})`;

/** The rider an open offer of the order waits on (dispatch/offers.ts), by name; null when none does. */
const offeredTo = sql<string | null>`(select p.full_name from ${dispatchOffers} o join ${profiles} p on p.id = o.driver_id
  where o.order_id = ${orders.id} and o.answer is null)`;

const orderRows = (db: Queryable) =>
  db
    .select({
      id: orders.id,
      status: orders.status,
      restaurantName: restaurants.name,
      restaurantLatitude: sql<number | null>`coalesce(${orders.restaurantLatitude}, ${restaurants.latitude})`,
      restaurantLongitude: sql<number | null>`coalesce(${orders.restaurantLongitude}, ${restaurants.longitude})`,
      readyAt: readyAt.mapWith(orders.updatedAt),
      driverId: orders.driverId,
      driverName: driverProfiles.fullName,
      offeredTo,
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .leftJoin(driverProfiles, eq(driverProfiles.id, orders.driverId));

/** Ready orders without a rider, then orders on the road, each the longest since ready first and at most `limit`. */
export function operationsOrderRows(db: Queryable, limit: number) {
  const waiting = orderRows(db)
    .where(and(eq(orders.status, 'ready'), isNull(orders.driverId)))
    .orderBy(asc(readyAt))
    .limit(limit);
  const onTheRoad = orderRows(db)
    .where(inArray(orders.status, [...ON_THE_ROAD]))
    .orderBy(asc(readyAt))
    .limit(limit);
  return unionAll(waiting, onTheRoad);
}

const carrying = sql<Omit<CarriedOrder, 'shortId'>[]>`coalesce((
  select json_agg(json_build_object('id', o.id, 'status', o.status) order by o.created_at)
  from ${orders} o
  where o.driver_id = ${drivers.userId} and o.status in (${sql.join(
    ON_THE_ROAD.map((status) => sql`${status}`),
    sql`, `,
  )})
), '[]'::json)`;

/**
 * Riders online: available (verified and enabled), or carrying an order whatever became of their
 * account, so that support sees an order stuck with a disabled rider; the freshest position first,
 * at most `limit`, each with the orders they carry.
 */
export function operationsRiderRows(db: Queryable, limit: number) {
  const carriers = db
    .selectDistinct({ id: sql`${orders.driverId}` })
    .from(orders)
    .where(inArray(orders.status, [...ON_THE_ROAD]));
  return db
    .select({
      id: drivers.userId,
      fullName: profiles.fullName,
      isAvailable: drivers.isAvailable,
      latitude: drivers.latitude,
      longitude: drivers.longitude,
      lastLocationUpdate: drivers.lastLocationUpdate,
      carrying,
    })
    .from(drivers)
    .innerJoin(profiles, eq(profiles.id, drivers.userId))
    .innerJoin(users, eq(users.id, drivers.userId))
    .where(
      or(
        and(eq(drivers.isAvailable, true), eq(drivers.isVerified, true), isNull(users.disabledAt)),
        sql`${drivers.userId} in ${carriers}`,
      ),
    )
    .orderBy(sql`${drivers.lastLocationUpdate} desc nulls last`, asc(drivers.userId))
    .limit(limit);
}
