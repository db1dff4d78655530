import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@shared/paging.js';
import type { OrderStatus } from '@shared/orders/status.js';
import type { Queryable } from '../db/client.js';
import { afterCursor, cursorMicros, newestFirst } from '../db/keyset.js';
import { dispatchDeclines, dispatchOffers, drivers, orderItems, orders, payments, profiles, restaurants } from '../db/schema.js';
import { earthOf, metresBetween } from '../db/geo.js';
import { currenciesOverCashLimit } from '../ledger/riderCash.js';
import { orderRatingColumns } from '../ratings/repository.js';

/** The columns of an order every view shows (views.ts, toOrderView). */
const orderViewColumns = {
  id: orders.id,
  customerId: orders.customerId,
  restaurantId: orders.restaurantId,
  driverId: orders.driverId,
  restaurantName: restaurants.name,
  status: orders.status,
  totalAmount: orders.totalAmount,
  deliveryFee: orders.deliveryFee,
  tipAmount: orders.tipAmount,
  currencySymbol: orders.currencySymbol,
  paymentMethod: payments.paymentMethod,
  paymentStatus: payments.paymentStatus,
  deliveryAddress: orders.deliveryAddress,
  deliveryPhone: orders.deliveryPhone,
  deliveryLatitude: orders.deliveryLatitude,
  deliveryLongitude: orders.deliveryLongitude,
  notes: orders.notes,
  deliveryLandmark: orders.deliveryLandmark,
  deliveryGpsCode: orders.deliveryGpsCode,
  prepMinutes: orders.prepMinutes,
  deliveryMeters: orders.deliveryMeters,
  readyAt: orders.readyAt,
  pickedUpAt: orders.pickedUpAt,
  deliveryCode: orders.deliveryCode,
  closedReason: orders.closedReason,
  waitStartedAt: orders.waitStartedAt,
  waitEndsAt: orders.waitEndsAt,
  doorPhotoUrl: orders.doorPhotoUrl,
  paymentDecision: orders.paymentDecision,
  createdAt: orders.createdAt,
};

export type OrderRow = Pick<ListedOrderRow, keyof typeof orderViewColumns>;

export const orderKeys = { createdAt: orders.createdAt, id: orders.id };

/** Every column some audience's list shows; each view picks its own (views.ts). */
export const listedColumns = {
  ...orderViewColumns,
  commissionAmount: orders.commissionAmount,
  restaurantPayout: orders.restaurantPayout,
  deliveryShare: orders.deliveryShare,
  restaurantAddress: restaurants.address,
  restaurantLatitude: orders.restaurantLatitude,
  restaurantLongitude: orders.restaurantLongitude,
  customerName: profiles.fullName,
  /** How many dishes the driver carries: the sum of the lines' quantities. */
  itemCount: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0) from ${orderItems} where ${orderItems.orderId} = ${orders.id})::int`,
  codeLocked: orders.deliveryCodeLocked,
  /** The customer's rating of a delivered order, one look-up by its primary key (toOrderView). */
  ...orderRatingColumns,
  cursorMicros: cursorMicros(orderKeys),
};
export type ListedOrderRow = Awaited<ReturnType<typeof listOrderRows>>[number];

function selectListed(db: Queryable) {
  return db
    .select(listedColumns)
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .innerJoin(profiles, eq(profiles.id, orders.customerId))
    .leftJoin(payments, eq(payments.orderId, orders.id));
}

/** Orders matching `filter`, newest first, one page (plus one row to tell whether more follow). */
export function listOrderRows(db: Queryable, filter: SQL | undefined, page: PageQuery) {
  return selectListed(db)
    .where(and(filter, afterCursor(orderKeys, page.cursor)))
    .orderBy(...newestFirst(orderKeys))
    .limit(page.limit + 1);
}

/**
 * Metres from the joined driver's last stored position to the order's restaurant (db/geo.ts);
 * null while either is unknown. The earthdistance index the dispatch uses is not needed here:
 * only waiting orders are measured.
 */
const metresToRestaurant = sql<number | null>`case
  when num_nulls(${drivers.latitude}, ${drivers.longitude}, ${orders.restaurantLatitude}, ${orders.restaurantLongitude}) = 0
  then ${metresBetween(earthOf(drivers.latitude, drivers.longitude), earthOf(orders.restaurantLatitude, orders.restaurantLongitude))}
  end`;

/** Whether the driver gave the order back once (dispatch_declines). */
const declinedBy = (driverId: string) =>
  sql<boolean>`exists (select 1 from ${dispatchDeclines}
    where ${dispatchDeclines.orderId} = ${orders.id} and ${dispatchDeclines.driverId} = ${driverId}::uuid)`;

/**
 * Seconds left of the order's open offer to the driver (dispatch/offers.ts), by the database's
 * clock, so a phone whose clock is wrong counts down right; null when it is not offered to them.
 */
const offerSecondsLeftTo = (driverId: string) =>
  sql<
    number | null
  >`(select greatest(0, ceil(extract(epoch from ${dispatchOffers.expiresAt} - now())))::int from ${dispatchOffers}
    where ${dispatchOffers.orderId} = ${orders.id} and ${dispatchOffers.driverId} = ${driverId}::uuid and ${dispatchOffers.answer} is null)`;

/** The order is offered to another driver for now: hidden from this one until that offer ends. */
const offeredToAnother = (driverId: string) =>
  sql`exists (select 1 from ${dispatchOffers}
    where ${dispatchOffers.orderId} = ${orders.id} and ${dispatchOffers.driverId} <> ${driverId}::uuid and ${dispatchOffers.answer} is null)`;

/**
 * Ready orders without a driver, nearest restaurant first from this driver's last position;
 * orders whose restaurant has no coordinates come last, and while the driver has sent no
 * position, oldest first. A keyset cursor cannot follow this order (the driver moves between
 * pages), so this is one page of the `limit` nearest, with no next page. A driver holding more
 * cash than the cash limit of a currency is listed card-paid orders only in it (issue 22 item 4):
 * the currencies they are over in are found once per request, summing their rider_cash entries.
 * An order offered to this driver comes first, with the seconds its offer has left; one offered
 * to another driver is left out.
 */
export function listNearestWaitingRows(db: Queryable, driverId: string, limit: number) {
  const offerSecondsLeft = offerSecondsLeftTo(driverId);
  return db
    .select({ ...listedColumns, distanceMeters: metresToRestaurant, declined: declinedBy(driverId), offerSecondsLeft })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .innerJoin(profiles, eq(profiles.id, orders.customerId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(drivers, eq(drivers.userId, driverId))
    .where(
      and(
        orderFilters.waitingForDriver(),
        // Cash, or no payment row (counted as cash, as the ledger posts it), in a currency the driver is over the limit in.
        sql`not (${payments.paymentMethod} is distinct from 'paystack-card' and ${orders.currencySymbol} in (${currenciesOverCashLimit(sql`${driverId}::uuid`)}))`,
        sql`not ${offeredToAnother(driverId)}`,
      ),
    )
    .orderBy(sql`${offerSecondsLeft} is null`, sql`${metresToRestaurant} asc nulls last`, asc(orders.createdAt), asc(orders.id))
    .limit(limit);
}

/**
 * A waiting order as one driver sees it: metres from their last position to its restaurant (null
 * while either is unknown), whether they declined it, and the seconds left of its offer to them.
 */
export async function findWaitingFor(db: Queryable, orderId: string, driverId: string) {
  const [row] = await db
    .select({
      distanceMeters: metresToRestaurant,
      declined: declinedBy(driverId),
      offerSecondsLeft: offerSecondsLeftTo(driverId),
    })
    .from(orders)
    .innerJoin(drivers, eq(drivers.userId, driverId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row ?? { distanceMeters: null, declined: false, offerSecondsLeft: null };
}

/** One order with every column some audience's view shows; undefined when there is none. */
export async function findListedOrderRow(db: Queryable, orderId: string) {
  const [row] = await selectListed(db).where(eq(orders.id, orderId)).limit(1);
  return row;
}

const inStatuses = (statuses: readonly OrderStatus[]) => inArray(orders.status, [...statuses]);

/** The filters of each audience's lists. */
export const orderFilters = {
  ofCustomer: (customerId: string, statuses?: readonly OrderStatus[]) =>
    and(eq(orders.customerId, customerId), statuses ? inStatuses(statuses) : undefined),
  ofRestaurant: (restaurantId: string, statuses?: readonly OrderStatus[]) =>
    and(eq(orders.restaurantId, restaurantId), statuses ? inStatuses(statuses) : undefined),
  waitingForDriver: () => and(eq(orders.status, 'ready'), isNull(orders.driverId)),
  ofDriver: (driverId: string, statuses: readonly OrderStatus[]) => and(eq(orders.driverId, driverId), inStatuses(statuses)),
  ofId: (orderId: string) => eq(orders.id, orderId),
  /** Admin search without text: every order, or those in one status (orders_status_idx). */
  ofStatus: (status: OrderStatus | undefined) => (status ? eq(orders.status, status) : undefined),
};
