import { and, asc, eq, ilike, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PageQuery } from '@shared/paging.js';
import type { OrderStatus } from '@shared/orders/status.js';
import type { Queryable, Tx } from '../db/client.js';
import { afterCursor, cursorMicros, newestFirst } from '../db/keyset.js';
import { containing } from '../db/like.js';
import { drivers, orderItems, orders, payments, profiles, restaurants } from '../db/schema.js';
import { earthOf, metresBetween } from '../db/geo.js';
import { statement, type StatementRunner } from '../db/statements.js';
import { adjustPlatformDay } from './platformDays.js';
import type { UuidRange } from './idPrefix.js';
import { adjustRolledDay, ORDER_DAY, TODAY } from './salesDays.js';

export interface CheckoutContext {
  restaurantIsActive: boolean;
  /** The requested items that belong to this restaurant, available or not. */
  items: { id: string; name: string; price: number; isAvailable: boolean }[];
}

interface CheckoutContextRow {
  is_active: boolean;
  item_id: string | null;
  item_name: string;
  item_price: number;
  item_is_available: boolean;
}

const checkoutContext = statement<[restaurantId: string, menuItemIds: string[]], CheckoutContextRow>(
  'checkout_context',
  `
  select r.is_active, m.id as item_id, m.name as item_name, m.price as item_price, m.is_available as item_is_available
  from restaurants r
  left join menu_items m on m.restaurant_id = r.id and m.id = any($2::uuid[])
  where r.id = $1`,
);

/** Whether the restaurant is open and what the cart's items are on its menu; undefined for an unknown restaurant. */
export async function loadCheckoutContext(
  statements: StatementRunner,
  restaurantId: string,
  menuItemIds: string[],
): Promise<CheckoutContext | undefined> {
  const rows = await statements.run(checkoutContext, [restaurantId, menuItemIds]);
  const [first] = rows;
  if (!first) return undefined;
  return {
    restaurantIsActive: first.is_active,
    items: rows.flatMap((row) =>
      row.item_id === null
        ? []
        : [{ id: row.item_id, name: row.item_name, price: row.item_price, isAvailable: row.item_is_available }],
    ),
  };
}

export interface OrderRequest {
  id: string;
  customerId: string;
  restaurantId: string;
  status: OrderStatus;
  deliveryAddress: string;
  deliveryPhone: string;
  deliveryLatitude: number | null;
  deliveryLongitude: number | null;
  deliveryCode: string;
  notes: string | null;
  /** Each menu item once (placeOrderSchema refuses duplicates), in the customer's order. */
  lines: { menuItemId: string; quantity: number }[];
  payment: { method: 'cash'; status: 'pending' };
  /** The largest total the order may come to. */
  maxTotal: number;
}

export interface PlacedOrder {
  createdAt: Date;
  restaurantName: string;
  currencySymbol: string;
  totalAmount: number;
  lines: { menuItemId: string; name: string; quantity: number; price: number }[];
}

/**
 * The pricing of every checkout, as common table expressions over the parameters named: `priced`
 * (each line at the menu's price, available items of this restaurant only, in cart order), `bill`
 * (restaurant, currency, commission rate and total; no row unless the restaurant is active, every
 * line priced and the total within the limit) and `split` (the bill with its commission). Cash
 * orders are written from it in the same statement; card checkouts price their intent with it.
 */
function pricedCart(params: { restaurantId: string; menuItemIds: string; quantities: string; maxTotal: string }): string {
  const { restaurantId, menuItemIds, quantities, maxTotal } = params;
  return `cart as (
    select * from unnest(${menuItemIds}::uuid[], ${quantities}::int[]) with ordinality as cart(menu_item_id, quantity, position)
  ), priced as (
    select cart.position, m.id as menu_item_id, m.name, cart.quantity, m.price
    from cart join menu_items m on m.id = cart.menu_item_id
    where m.restaurant_id = ${restaurantId} and m.is_available
  ), bill as (
    select r.name as restaurant_name, r.currency_symbol, r.latitude, r.longitude, c.commission_bps,
      sum(p.price::bigint * p.quantity)::bigint as total
    from restaurants r join commission_settings c on c.id = 1 cross join priced p
    where r.id = ${restaurantId} and r.is_active
    group by r.id, c.commission_bps
    having count(*) = cardinality(${menuItemIds}::uuid[]) and sum(p.price::bigint * p.quantity) <= ${maxTotal}
  ), split as (
    select bill.*, (total * commission_bps + 5000) / 10000 as commission from bill
  )`;
}

/**
 * Prices the cart from menu_items and writes order, lines and payment in one statement, which
 * PostgreSQL applies whole or not at all (it is its own transaction). Prices are read and
 * written in the same statement, so nothing can change in between. It writes nothing unless the
 * restaurant is active, every line is an available item of its menu, the total is at most the
 * limit and no order has this id yet (a checkout sent twice places one order).
 *
 * The commission is `commissionFor` of src/shared/money.ts (basis points, half up) in integer
 * SQL: (total * bps + 5000) / 10000; a test holds the two to the same results.
 */
const placeOrderStatement = statement<PlaceOrderParams, PlacedLineRow>(
  'checkout_place_order',
  `
  with ${pricedCart({ restaurantId: '$3', menuItemIds: '$11', quantities: '$12', maxTotal: '$13' })}, new_order as (
    insert into orders (
      id, customer_id, restaurant_id, status, total_amount, commission_amount, restaurant_payout,
      commission_bps, currency_symbol, delivery_address, delivery_phone, delivery_latitude,
      delivery_longitude, restaurant_latitude, restaurant_longitude, delivery_code, notes
    ) select $1, $2, $3, $4, total, commission, total - commission, commission_bps, currency_symbol,
      $5, $6, $7, $8, latitude, longitude, $9, $10
    from split
    on conflict (id) do nothing
    returning id, created_at, total_amount
  ), new_lines as (
    insert into order_items (order_id, menu_item_id, name, quantity, price)
    select new_order.id, priced.menu_item_id, priced.name, priced.quantity, priced.price from new_order, priced
  ), new_payment as (
    insert into payments (order_id, amount, payment_method, payment_status)
    select id, total_amount, $14, $15 from new_order
  )
  select priced.menu_item_id, priced.name, priced.quantity, priced.price, new_order.total_amount,
    split.currency_symbol, split.restaurant_name,
    (extract(epoch from new_order.created_at) * 1000)::float8 as created_at_ms
  from new_order, split, priced
  order by priced.position`,
);

type PlaceOrderParams = [
  id: string,
  customerId: string,
  restaurantId: string,
  status: OrderStatus,
  deliveryAddress: string,
  deliveryPhone: string,
  deliveryLatitude: number | null,
  deliveryLongitude: number | null,
  deliveryCode: string,
  notes: string | null,
  menuItemIds: string[],
  quantities: number[],
  maxTotal: number,
  paymentMethod: string,
  paymentStatus: string,
];

interface PlacedLineRow {
  menu_item_id: string;
  name: string;
  quantity: number;
  price: number;
  total_amount: number;
  currency_symbol: string;
  restaurant_name: string;
  created_at_ms: number;
}

/**
 * Places the order at the menu's current prices in one round trip; undefined when nothing was
 * written (inactive or unknown restaurant, an item not on its menu or unavailable, a total over
 * the limit, or an order with this id already placed).
 */
export async function placeOrderAtMenuPrices(statements: StatementRunner, order: OrderRequest): Promise<PlacedOrder | undefined> {
  const rows = await statements.run(placeOrderStatement, [
    order.id,
    order.customerId,
    order.restaurantId,
    order.status,
    order.deliveryAddress,
    order.deliveryPhone,
    order.deliveryLatitude,
    order.deliveryLongitude,
    order.deliveryCode,
    order.notes,
    order.lines.map((line) => line.menuItemId),
    order.lines.map((line) => line.quantity),
    order.maxTotal,
    order.payment.method,
    order.payment.status,
  ]);
  const [first] = rows;
  if (!first) return undefined;
  return {
    createdAt: new Date(first.created_at_ms),
    restaurantName: first.restaurant_name,
    currencySymbol: first.currency_symbol,
    totalAmount: first.total_amount,
    lines: rows.map((row) => ({ menuItemId: row.menu_item_id, name: row.name, quantity: row.quantity, price: row.price })),
  };
}

const orderViewColumns = {
  id: orders.id,
  customerId: orders.customerId,
  restaurantId: orders.restaurantId,
  driverId: orders.driverId,
  restaurantName: restaurants.name,
  status: orders.status,
  totalAmount: orders.totalAmount,
  currencySymbol: orders.currencySymbol,
  paymentMethod: payments.paymentMethod,
  paymentStatus: payments.paymentStatus,
  deliveryAddress: orders.deliveryAddress,
  deliveryPhone: orders.deliveryPhone,
  deliveryLatitude: orders.deliveryLatitude,
  deliveryLongitude: orders.deliveryLongitude,
  notes: orders.notes,
  deliveryCode: orders.deliveryCode,
  closedReason: orders.closedReason,
  createdAt: orders.createdAt,
};

export type OrderRow = NonNullable<Awaited<ReturnType<typeof findOrderRow>>>;
export type OrderLineRow = Awaited<ReturnType<typeof findOrderLines>>[number];

function selectOrders(db: Queryable) {
  return db
    .select(orderViewColumns)
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .leftJoin(payments, eq(payments.orderId, orders.id));
}

export async function findOrderRow(db: Queryable, orderId: string) {
  const [row] = await selectOrders(db).where(eq(orders.id, orderId)).limit(1);
  return row;
}

/** The lines of several orders in one query. */
export function findOrderLines(db: Queryable, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      orderId: orderItems.orderId,
      menuItemId: orderItems.menuItemId,
      name: orderItems.name,
      quantity: orderItems.quantity,
      price: orderItems.price,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(orderItems.orderId, orderItems.name);
}

export interface StatusChange {
  orderId: string;
  from: OrderStatus;
  to: OrderStatus;
  /** The driver the order had when the move was judged; the move only happens if it still has them. */
  driverBefore: string | null;
  /** Set along with the status: the driver who accepts, or null when the driver gives the order back. */
  driverAfter?: string | null;
  /** Kept with the move when support closes the order by hand: why, and which admin. */
  closure?: { reason: string; by: string };
}

/**
 * The conditional UPDATE every move goes through: it changes the row only while it is still as
 * the policy saw it (same status, same driver), so of two people moving one order exactly one wins.
 * A move of an order placed before today (UTC, by the database's clock) also corrects its
 * rolled-up sales day and the platform's if they have one (salesDays.ts, platformDays.ts), in the
 * same transaction.
 */
export async function updateStatusIfCurrent(tx: Tx, change: StatusChange) {
  const sameDriver = change.driverBefore === null ? isNull(orders.driverId) : eq(orders.driverId, change.driverBefore);
  const [row] = await tx
    .update(orders)
    .set({
      status: change.to,
      updatedAt: sql`now()`,
      ...(change.driverAfter !== undefined ? { driverId: change.driverAfter } : {}),
      ...(change.closure ? { closedReason: change.closure.reason, closedBy: change.closure.by } : {}),
    })
    .where(and(eq(orders.id, change.orderId), eq(orders.status, change.from), sameDriver))
    .returning({
      id: orders.id,
      restaurantId: orders.restaurantId,
      customerId: orders.customerId,
      driverId: orders.driverId,
      status: orders.status,
      placedBeforeToday: sql<boolean>`${sql.raw(ORDER_DAY)} < ${sql.raw(TODAY)}`,
      day: sql<string>`${sql.raw(ORDER_DAY)}::text`,
      totalAmount: orders.totalAmount,
      commissionAmount: orders.commissionAmount,
      restaurantPayout: orders.restaurantPayout,
      currencySymbol: orders.currencySymbol,
    });
  if (!row) return undefined;
  const { placedBeforeToday, day, totalAmount, commissionAmount, restaurantPayout, currencySymbol, ...moved } = row;
  if (placedBeforeToday) {
    const figures = { restaurantId: moved.restaurantId, day, totalAmount, commissionAmount, restaurantPayout };
    await adjustRolledDay(tx, figures, change.from, change.to);
    await adjustPlatformDay(tx, { day, currencySymbol, totalAmount, commissionAmount }, change.from, change.to);
  }
  return moved;
}

const keys = { createdAt: orders.createdAt, id: orders.id };

/** Every column some audience's list shows; each view picks its own (views.ts). */
const listedColumns = {
  ...orderViewColumns,
  commissionAmount: orders.commissionAmount,
  restaurantPayout: orders.restaurantPayout,
  restaurantAddress: restaurants.address,
  restaurantLatitude: orders.restaurantLatitude,
  restaurantLongitude: orders.restaurantLongitude,
  customerName: profiles.fullName,
  /** How many dishes the driver carries: the sum of the lines' quantities. */
  itemCount: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0) from ${orderItems} where ${orderItems.orderId} = ${orders.id})::int`,
  codeLocked: orders.deliveryCodeLocked,
  cursorMicros: cursorMicros(keys),
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

/** The profiles of an order's driver and of the admin who closed it, for the admin's list. */
const driverProfiles = alias(profiles, 'driver_profile');
const closerProfiles = alias(profiles, 'closer_profile');
const { itemCount: _itemCount, ...adminListedColumns } = listedColumns;
export type AdminOrderRow = Awaited<ReturnType<typeof listAdminOrderRows>>[number];

/**
 * Order Management's page: what every list has but the item count, with the names of the driver
 * the order has or had and of the admin who closed it by hand, in one statement; `filter` as for
 * listOrderRows.
 */
export function listAdminOrderRows(db: Queryable, filter: SQL | undefined, page: PageQuery) {
  return db
    .select({ ...adminListedColumns, driverName: driverProfiles.fullName, closedByName: closerProfiles.fullName })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .innerJoin(profiles, eq(profiles.id, orders.customerId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(driverProfiles, eq(driverProfiles.id, orders.driverId))
    .leftJoin(closerProfiles, eq(closerProfiles.id, orders.closedBy))
    .where(and(filter, afterCursor(keys, page.cursor)))
    .orderBy(...newestFirst(keys))
    .limit(page.limit + 1);
}

/** Orders matching `filter`, newest first, one page (plus one row to tell whether more follow). */
export function listOrderRows(db: Queryable, filter: SQL | undefined, page: PageQuery) {
  return selectListed(db)
    .where(and(filter, afterCursor(keys, page.cursor)))
    .orderBy(...newestFirst(keys))
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

/**
 * Ready orders without a driver, nearest restaurant first from this driver's last position;
 * orders whose restaurant has no coordinates come last, and while the driver has sent no
 * position, oldest first. A keyset cursor cannot follow this order (the driver moves between
 * pages), so this is one page of the `limit` nearest, with no next page.
 */
export function listNearestWaitingRows(db: Queryable, driverId: string, limit: number) {
  return db
    .select({ ...listedColumns, distanceMeters: metresToRestaurant })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurantId))
    .innerJoin(profiles, eq(profiles.id, orders.customerId))
    .leftJoin(payments, eq(payments.orderId, orders.id))
    .leftJoin(drivers, eq(drivers.userId, driverId))
    .where(orderFilters.waitingForDriver())
    .orderBy(sql`${metresToRestaurant} asc nulls last`, asc(orders.createdAt), asc(orders.id))
    .limit(limit);
}

/** Metres from the driver's last position to the order's restaurant; null while either is unknown. */
export async function findMetresToRestaurant(db: Queryable, orderId: string, driverId: string): Promise<number | null> {
  const [row] = await db
    .select({ metres: metresToRestaurant })
    .from(orders)
    .innerJoin(drivers, eq(drivers.userId, driverId))
    .where(eq(orders.id, orderId))
    .limit(1);
  return row?.metres ?? null;
}

/** What the customer sees of the drivers of their orders (My Orders): name, vehicle, last position. */
export function findOrderDrivers(db: Queryable, driverIds: string[]) {
  if (driverIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      userId: drivers.userId,
      fullName: profiles.fullName,
      vehicleType: drivers.vehicleType,
      vehicleModel: drivers.vehicleModel,
      plateNumber: drivers.plateNumber,
      latitude: drivers.latitude,
      longitude: drivers.longitude,
      lastLocationUpdate: drivers.lastLocationUpdate,
    })
    .from(drivers)
    .innerJoin(profiles, eq(profiles.id, drivers.userId))
    .where(inArray(drivers.userId, driverIds));
}
export type OrderDriverRow = Awaited<ReturnType<typeof findOrderDrivers>>[number];

/** One order with every column some audience's view shows. */
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

/**
 * Order Management's text search over a million orders and more, in two round trips, each served
 * by indexes whatever the text:
 *
 * 1. findNameMatches: the restaurants and the people whose name contains the text
 *    (restaurants_name_trgm_idx, profiles_full_name_trgm_idx), at most NAME_MATCHES_MAX + 1 of
 *    each;
 * 2. listAdminOrderRows over the ids that searchedOrderIds picks: a union of streams, each the newest
 *    `limit + 1` orders after the cursor (in the status, if one is asked) of one kind of match,
 *    from which the newest `limit + 1` are kept:
 *    - an order id prefix: a range of the primary key (idPrefix.ts), a few rows;
 *    - each matched restaurant and each matched customer: its own newest orders, read from
 *      orders_restaurant_idx / orders_restaurant_status_idx / orders_customer_idx (a LATERAL join
 *      over the matched ids), so the work is at most `limit + 1` index rows per match, however old
 *      its orders are;
 *    - a name that more than NAME_MATCHES_MAX restaurants or people share: matches are then
 *      dense, so the newest orders (orders_created_idx, or orders_status_idx for a status) are
 *      read in turn and kept when their restaurant's or customer's name contains the text.
 */

export const NAME_MATCHES_MAX = 500;

export interface NameMatches {
  restaurantIds: string[];
  customerIds: string[];
}

/** Restaurants and people whose name contains `text` (any letter case); more than NAME_MATCHES_MAX of a kind means many. */
export async function findNameMatches(db: Queryable, text: string): Promise<NameMatches> {
  const pattern = containing(text);
  const [restaurantRows, peopleRows] = await Promise.all([
    db
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(ilike(restaurants.name, pattern))
      .limit(NAME_MATCHES_MAX + 1),
    db
      .select({ id: profiles.id })
      .from(profiles)
      .where(ilike(profiles.fullName, pattern))
      .limit(NAME_MATCHES_MAX + 1),
  ]);
  return { restaurantIds: restaurantRows.map((row) => row.id), customerIds: peopleRows.map((row) => row.id) };
}

export interface OrderTextSearch {
  status: OrderStatus | undefined;
  /** The text as typed; names contain it. */
  text: string;
  /** The ids it is the start of, when it could start one. */
  idRange: UuidRange | undefined;
  names: NameMatches;
}

/** An order of a stream; streams read orders under this name. */
const o = alias(orders, 'o');
const streamKeys = { createdAt: o.createdAt, id: o.id };

/**
 * The condition picking the ids of one page of the search (see above), or undefined when nothing
 * can match. The streams already start after the cursor; listAdminOrderRows orders and cuts the page.
 */
export function searchedOrderIds(search: OrderTextSearch, page: PageQuery): SQL | undefined {
  const take = page.limit + 1;
  const narrow = and(search.status ? eq(o.status, search.status) : undefined, afterCursor(streamKeys, page.cursor)) ?? sql`true`;
  const newest = sql`order by ${o.createdAt} desc, ${o.id} desc limit ${take}`;
  const fromOrders = sql.raw('from orders as o');
  const streams: SQL[] = [];

  if (search.idRange) {
    const { from, to } = search.idRange;
    const range = and(sql`${o.id} >= ${from}::uuid`, to ? sql`${o.id} < ${to}::uuid` : undefined);
    streams.push(sql`(select ${o.id}, ${o.createdAt} ${fromOrders} where ${range} and ${narrow} ${newest})`);
  }

  const perMatch = (ids: string[], column: 'restaurant_id' | 'customer_id') =>
    sql`(select found.id, found.created_at from unnest(${sql.param(ids)}::uuid[]) as matched(id) cross join lateral (
      select ${o.id}, ${o.createdAt} ${fromOrders} where ${sql.raw(`o.${column}`)} = matched.id and ${narrow} ${newest}
    ) as found)`;
  const pattern = containing(search.text);
  const byName = {
    restaurant_id: sql`exists (select 1 from restaurants r where r.id = ${o.restaurantId} and r.name ilike ${pattern})`,
    customer_id: sql`exists (select 1 from profiles p where p.id = ${o.customerId} and p.full_name ilike ${pattern})`,
  };
  const matches = [
    ['restaurant_id', search.names.restaurantIds],
    ['customer_id', search.names.customerIds],
  ] as const;
  for (const [column, ids] of matches) {
    if (ids.length === 0) continue;
    streams.push(
      ids.length > NAME_MATCHES_MAX
        ? sql`(select ${o.id}, ${o.createdAt} ${fromOrders} where ${byName[column]} and ${narrow} ${newest})`
        : perMatch(ids, column),
    );
  }

  if (streams.length === 0) return undefined;
  return sql`${orders.id} in (
    select id from (${sql.join(streams, sql` union `)}) as hits order by created_at desc, id desc limit ${take}
  )`;
}

/** A cart priced as checkout prices it (pricedCart), written nowhere: what a card checkout's intent stores. */
export interface PricedCart {
  restaurantName: string;
  currencySymbol: string;
  restaurantLatitude: number | null;
  restaurantLongitude: number | null;
  commissionBps: number;
  totalAmount: number;
  commissionAmount: number;
  lines: { menuItemId: string; name: string; quantity: number; price: number }[];
}

interface PricedLineRow {
  menu_item_id: string;
  name: string;
  quantity: number;
  price: number;
  restaurant_name: string;
  currency_symbol: string;
  latitude: number | null;
  longitude: number | null;
  commission_bps: number;
  total: string | number;
  commission: string | number;
}

const priceCartStatement = statement<
  [restaurantId: string, menuItemIds: string[], quantities: number[], maxTotal: number],
  PricedLineRow
>(
  'checkout_price_cart',
  `
  with ${pricedCart({ restaurantId: '$1', menuItemIds: '$2', quantities: '$3', maxTotal: '$4' })}
  select priced.menu_item_id, priced.name, priced.quantity, priced.price, split.restaurant_name, split.currency_symbol,
    split.latitude, split.longitude, split.commission_bps, split.total::int8 as total, split.commission::int8 as commission
  from split, priced
  order by priced.position`,
);

/**
 * Prices the cart at the menu's current prices, exactly as a cash checkout would; undefined when
 * a cash checkout would refuse it (inactive or unknown restaurant, an item not on its menu or
 * unavailable, a total over `maxTotal`).
 */
export async function priceCart(
  statements: StatementRunner,
  restaurantId: string,
  lines: { menuItemId: string; quantity: number }[],
  maxTotal: number,
): Promise<PricedCart | undefined> {
  const rows = await statements.run(priceCartStatement, [
    restaurantId,
    lines.map((line) => line.menuItemId),
    lines.map((line) => line.quantity),
    maxTotal,
  ]);
  const [first] = rows;
  if (!first) return undefined;
  return {
    restaurantName: first.restaurant_name,
    currencySymbol: first.currency_symbol,
    restaurantLatitude: first.latitude,
    restaurantLongitude: first.longitude,
    commissionBps: first.commission_bps,
    totalAmount: Number(first.total),
    commissionAmount: Number(first.commission),
    lines: rows.map((row) => ({ menuItemId: row.menu_item_id, name: row.name, quantity: row.quantity, price: row.price })),
  };
}
