import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { BATCH_DISTANCE_M } from '@shared/drivers/batching.js';
import { POSITION_FRESH_MS, type DriverPosition } from '@shared/drivers/schemas.js';
import type { Queryable } from '../db/client.js';
import { earthAt, earthOf, metresBetween, within } from '../db/geo.js';
import { dispatchDeclines, dispatchOffers, drivers, orders, profiles, users } from '../db/schema.js';
import { currenciesOverCashLimit, riderCashHeld } from '../ledger/riderCash.js';
import { mayCarry } from './batchingRepository.js';

/**
 * SQL of dispatch. Distances are earthdistance's (db/geo.ts): the box of `within` is what the
 * GiST index drivers_dispatch_position_idx answers, and `<->` orders its scan nearest first.
 */

const driverPoint = earthOf(drivers.latitude, drivers.longitude);

/** The condition of the partial index, written out so that the planner can use it. */
const couldTakeOrders = sql`${drivers.isAvailable} and ${drivers.isVerified} and ${drivers.latitude} is not null and ${drivers.longitude} is not null`;
const positionFresh = sql`${drivers.lastLocationUpdate} > now() - ${POSITION_FRESH_MS}::float8 * interval '1 millisecond'`;
/** The driver holds an open offer (offers.ts). */
const holdsOffer = sql`exists (select 1 from ${dispatchOffers} where ${dispatchOffers.driverId} = ${drivers.userId} and ${dispatchOffers.answer} is null)`;
/** The driver's account is disabled. */
export const driverDisabled = sql`exists (select 1 from ${users} where ${users.id} = ${drivers.userId} and ${users.disabledAt} is not null)`;

export interface NearestDriverSearch {
  /** Where the order waits: its restaurant, and which restaurant it is (batching). */
  point: DriverPosition;
  restaurantId: string;
  radiusMeters: number;
  /** Drivers who declined or missed this order are never offered it again. */
  orderId: string;
  /** Drivers found busy or holding an offer after all once locked. */
  passedOver: string[];
  /**
   * A cash order in a currency with a cash limit (issue 22 item 4): drivers holding more cash than
   * the limit in it are not offered the order. Absent for a card order or a currency without one.
   */
  cash?: { currencySymbol: string; limit: number } | undefined;
}

/** The values of the nearest-driver statement: placeholders when it is prepared, the values themselves to explain it. */
interface SearchValues {
  restaurantId: unknown;
  latitude: unknown;
  longitude: unknown;
  radiusMeters: unknown;
  orderId: unknown;
  passedOver: unknown;
  cashCurrency: unknown;
  cashLimit: unknown;
}

const PLACEHOLDERS: SearchValues = {
  restaurantId: sql.placeholder('restaurantId'),
  latitude: sql.placeholder('latitude'),
  longitude: sql.placeholder('longitude'),
  radiusMeters: sql.placeholder('radiusMeters'),
  orderId: sql.placeholder('orderId'),
  passedOver: sql.placeholder('passedOver'),
  cashCurrency: sql.placeholder('cashCurrency'),
  cashLimit: sql.placeholder('cashLimit'),
};

const valuesOf = (search: NearestDriverSearch) => ({
  restaurantId: search.restaurantId,
  latitude: search.point.latitude,
  longitude: search.point.longitude,
  radiusMeters: search.radiusMeters,
  orderId: search.orderId,
  passedOver: search.passedOver,
  cashCurrency: search.cash?.currencySymbol ?? null,
  cashLimit: search.cash?.limit ?? null,
});

/**
 * The nearest driver who may be given the order (verified, available, a fresh position within
 * the radius, room for it by the batching rule, has not declined it, and for a cash order in a
 * currency with a cash limit, holding no more cash than the limit), locked until the transaction
 * ends. Drivers another transaction has locked are skipped, so two orders dispatched at once never
 * get the same driver. Whether the driver may still carry it must be asked again once locked
 * (carryRefusalNow): this statement saw the orders as they were when it started.
 *
 * A prepared statement, planned once per connection (db/client.ts: PLAN_CACHE_MODE).
 */
export async function lockNearestFreeDriver(db: Queryable, search: NearestDriverSearch) {
  const [driver] = await nearestFreeDriverQuery(db, PLACEHOLDERS)
    .prepare('dispatch_nearest_free_driver')
    .execute(valuesOf(search));
  return driver;
}

/** lockNearestFreeDriver's statement with its values written in, unrun: bench/dispatch.bench.ts explains it. */
export function explainableNearestFreeDriver(db: Queryable, search: NearestDriverSearch) {
  return nearestFreeDriverQuery(db, { ...valuesOf(search), passedOver: sql.param(search.passedOver) });
}

/** What makes a driver one dispatch may offer the order to, but their distance from it. */
function eligibleFor(values: SearchValues) {
  return and(
    couldTakeOrders,
    positionFresh,
    within(earthAt(values.latitude, values.longitude), driverPoint, values.radiusMeters),
    mayCarry(sql`${drivers.userId}`, values),
    sql`not ${holdsOffer}`,
    sql`not exists (select 1 from ${dispatchDeclines} where ${dispatchDeclines.orderId} = ${values.orderId}::uuid and ${dispatchDeclines.driverId} = ${drivers.userId})`,
    sql`${drivers.userId} <> all(${values.passedOver}::uuid[])`,
    // Only for a cash order with a limit: the rider's cash is summed for the candidates the scan reaches, nearest first.
    sql`(${values.cashLimit}::int is null or ${riderCashHeld(drivers.userId, sql`${values.cashCurrency}::text`)} <= ${values.cashLimit}::int)`,
  );
}

function nearestFreeDriverQuery(db: Queryable, values: SearchValues) {
  const center = earthAt(values.latitude, values.longitude);
  return db
    .select({ userId: drivers.userId, fullName: profiles.fullName })
    .from(drivers)
    .innerJoin(profiles, eq(profiles.id, drivers.userId))
    .where(eligibleFor(values))
    .orderBy(sql`${driverPoint} <-> ${center}`)
    .limit(1)
    .for('update', { of: drivers, skipLocked: true });
}

/**
 * Offered together (batching, decision 032): the nearest driver who may be given the order and
 * is already on the way to collect an order (accepted, not picked up) from its restaurant or one
 * within the batching distance of it, locked as lockNearestFreeDriver locks; undefined when there
 * is none. A prepared statement, as lockNearestFreeDriver's.
 */
export async function lockNearestCollectingDriver(db: Queryable, search: NearestDriverSearch) {
  const [driver] = await nearestCollectingDriverQuery(db, PLACEHOLDERS)
    .prepare('dispatch_nearest_collecting_driver')
    .execute(valuesOf(search));
  return driver;
}

const collected = alias(orders, 'collected');

/** An order on its way to be collected (accepted, not picked up) from the restaurant or one within the batching distance of it. */
const collectedNear = (restaurantId: unknown, center: SQL) =>
  sql`${collected.status} = 'accepted' and (${collected.restaurantId} = ${restaurantId}::uuid
    or ${within(center, earthOf(collected.restaurantLatitude, collected.restaurantLongitude), BATCH_DISTANCE_M)})`;

function nearestCollectingDriverQuery(db: Queryable, values: SearchValues) {
  const center = earthAt(values.latitude, values.longitude);
  const collecting = sql`${drivers.userId} in (select ${collected.driverId} from ${orders} as ${collected}
    where ${collectedNear(values.restaurantId, center)})`;
  return db
    .select({ userId: drivers.userId, fullName: profiles.fullName })
    .from(drivers)
    .innerJoin(profiles, eq(profiles.id, drivers.userId))
    .where(and(collecting, eligibleFor(values)))
    .orderBy(sql`${driverPoint} <-> ${center}`)
    .limit(1)
    .for('update', { of: drivers, skipLocked: true });
}

/** Whether the driver a search found may be offered the order now; see offerableNow. */
export type Offerable = 'offerable' | 'driverTaken' | 'orderOffered';

/**
 * Once a search has found and locked a driver, what has been committed since tells whether they
 * may be offered the order: not if the order has an open offer after all (another dispatch, which
 * held its row, made it), nor if the driver has no room for it by the batching rule or holds an
 * open offer (the search saw orders and offers as they were when it started, maybe before another
 * transaction gave the driver one).
 */
export async function offerableNow(db: Queryable, driverId: string, search: NearestDriverSearch): Promise<Offerable> {
  const [row] = await db
    .select({
      orderOffered: sql<boolean>`exists (select 1 from ${dispatchOffers} where ${dispatchOffers.orderId} = ${sql.placeholder('orderId')}::uuid and ${dispatchOffers.answer} is null)`,
      driverFree: sql<boolean>`${mayCarry(sql`${drivers.userId}`, PLACEHOLDERS)} and not ${holdsOffer}`,
    })
    .from(drivers)
    .where(eq(drivers.userId, sql.placeholder('driverId')))
    .prepare('dispatch_offerable_now')
    .execute({
      driverId,
      orderId: search.orderId,
      restaurantId: search.restaurantId,
      latitude: search.point.latitude,
      longitude: search.point.longitude,
    });
  if (row?.orderOffered) return 'orderOffered';
  return row?.driverFree ? 'offerable' : 'driverTaken';
}

/** A driver's row, locked until the transaction ends, with what decides whether they may be given an order. */
export async function lockDriver(db: Queryable, driverId: string) {
  const [driver] = await db
    .select({
      isVerified: drivers.isVerified,
      isAvailable: drivers.isAvailable,
      latitude: drivers.latitude,
      longitude: drivers.longitude,
      positionFresh: sql<boolean>`coalesce(${positionFresh}, false)`,
      disabled: sql<boolean>`${driverDisabled}`,
    })
    .from(drivers)
    .where(eq(drivers.userId, driverId))
    .for('update');
  return driver;
}

/**
 * The order is not paid by card: cash (an order without a payment row counts as cash, as the
 * ledger posts it). The order's columns are named with their table: drizzle writes a column of a
 * one-table select without it, which inside these subqueries would name the subquery's own table.
 */
const paidInCash = sql`not exists (select 1 from payments pay where pay.order_id = "orders"."id" and pay.payment_method = 'paystack-card')`;

/** The cash limit of the order's currency when it is paid in cash; null for a card order or a currency without one. */
const cashLimitOfOrder = sql<number | null>`case when ${paidInCash}
  then (select priced.cash_limit from delivery_pricing priced where priced.currency_symbol = "orders"."currency_symbol") end`;

/** Whether a move has touched the order since `at` (orders.updated_at, as text to the microsecond). */
export async function movedSince(db: Queryable, orderId: string, at: string): Promise<boolean> {
  const [row] = await db
    .select({ moved: sql<boolean>`${orders.updatedAt} <> ${at}::timestamptz` })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row?.moved ?? true;
}

/**
 * A ready order that has no driver yet, locked until the transaction ends, with where its
 * restaurant is, its currency and, for a cash order, its currency's cash limit (null: a card
 * order, or no limit), and whether an order is being collected from there or nearby (dispatch
 * then looks first for a rider to offer both to); undefined once it has one. Prepared: its
 * planning cost more than its run.
 */
export async function lockWaitingOrder(db: Queryable, orderId: string) {
  const [order] = await db
    .select({
      restaurantId: orders.restaurantId,
      latitude: orders.restaurantLatitude,
      longitude: orders.restaurantLongitude,
      currencySymbol: orders.currencySymbol,
      cashLimit: cashLimitOfOrder,
      collectedNearby: sql<boolean>`exists (select 1 from ${orders} as ${collected}
        where ${collectedNear(sql`"orders"."restaurant_id"`, earthOf(sql`"orders"."restaurant_latitude"`, sql`"orders"."restaurant_longitude"`))})`,
    })
    .from(orders)
    .where(and(eq(orders.id, sql.placeholder('orderId')), eq(orders.status, 'ready'), isNull(orders.driverId)))
    .for('update')
    .prepare('dispatch_lock_waiting_order')
    .execute({ orderId });
  return order;
}

export interface NearestOrderSearch {
  driverId: string;
  /** Where the driver is. */
  point: DriverPosition;
  radiusMeters: number;
  /** Orders found offered to another driver after all once locked. */
  passedOver: string[];
}

/**
 * The ready order without a driver or an open offer whose restaurant is nearest the driver,
 * within the radius, that they have room for by the batching rule and have not declined or missed (the oldest first among orders of one place), locked until the transaction ends (orders another
 * transaction is giving away are skipped). Orders whose restaurant has no coordinates, or 0,0,
 * are never dispatched, nor cash orders in a currency the driver holds more cash in than its cash
 * limit (those currencies are found once, before the scan).
 */
export async function lockNearestWaitingOrder(db: Queryable, { driverId, point, radiusMeters, passedOver }: NearestOrderSearch) {
  const restaurantPoint = earthOf(orders.restaurantLatitude, orders.restaurantLongitude);
  const here = earthAt(point.latitude, point.longitude);
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'ready'),
        isNull(orders.driverId),
        sql`${orders.restaurantLatitude} is not null and ${orders.restaurantLongitude} is not null`,
        sql`not (${orders.restaurantLatitude} = 0 and ${orders.restaurantLongitude} = 0)`,
        within(here, restaurantPoint, radiusMeters),
        sql`not exists (select 1 from ${dispatchDeclines} where ${dispatchDeclines.orderId} = ${orders.id} and ${dispatchDeclines.driverId} = ${driverId})`,
        // Named with their table: inside mayCarry's subquery of orders a bare column would name its own.
        mayCarry(sql`${driverId}::uuid`, {
          restaurantId: sql`"orders"."restaurant_id"`,
          latitude: sql`"orders"."restaurant_latitude"`,
          longitude: sql`"orders"."restaurant_longitude"`,
        }),
        sql`not exists (select 1 from ${dispatchOffers} where ${dispatchOffers.orderId} = ${orders.id} and ${dispatchOffers.answer} is null)`,
        sql`${orders.id} <> all(${sql.param(passedOver)}::uuid[])`,
        sql`not (${orders.currencySymbol} in (${currenciesOverCashLimit(sql`${driverId}::uuid`)}) and ${paidInCash})`,
      ),
    )
    .orderBy(asc(metresBetween(here, restaurantPoint)), asc(orders.createdAt), asc(orders.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return order;
}

/** Records that the driver declined or missed the order (once, however often). */
export async function insertDecline(db: Queryable, orderId: string, driverId: string): Promise<void> {
  await db.insert(dispatchDeclines).values({ orderId, driverId }).onConflictDoNothing();
}
