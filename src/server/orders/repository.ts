import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderStatus } from '@shared/orders/status.js';
import type { RealtimeEvent } from '@shared/realtime/events.js';
import type { Queryable } from '../db/client.js';
import { REALTIME_CHANNEL } from '../realtime/publish.js';
import { orderItems, orders, payments, restaurants } from '../db/schema.js';

/**
 * Runs fixed SQL as a named prepared statement, so PostgreSQL parses and plans it once per
 * connection rather than on every checkout. The text must never vary; values go in params.
 */
async function runPrepared<Row>(db: Queryable, name: string, text: string, params: unknown[]): Promise<Row[]> {
  const query = db._.session.prepareQuery({ sql: text, params }, undefined, name, false);
  const result = (await query.execute()) as { rows: Row[] };
  return result.rows;
}

export interface CheckoutContext {
  restaurant: {
    name: string;
    isActive: boolean;
    currencySymbol: string;
    latitude: number | null;
    longitude: number | null;
  };
  commissionBps: number;
  /** The requested items that belong to this restaurant, available or not. */
  items: { id: string; name: string; price: number; isAvailable: boolean }[];
}

const CHECKOUT_CONTEXT_SQL = `
  select r.name, r.is_active, r.currency_symbol, r.latitude, r.longitude, c.commission_bps,
    m.id as item_id, m.name as item_name, m.price as item_price, m.is_available as item_is_available
  from restaurants r
  join commission_settings c on c.id = 1
  left join menu_items m on m.restaurant_id = r.id and m.id = any($2::uuid[])
  where r.id = $1`;

interface CheckoutContextRow {
  name: string;
  is_active: boolean;
  currency_symbol: string;
  latitude: number | null;
  longitude: number | null;
  commission_bps: number;
  item_id: string | null;
  item_name: string;
  item_price: number;
  item_is_available: boolean;
}

/** Restaurant, current commission and the cart's menu items in one round trip; undefined for an unknown restaurant. */
export async function loadCheckoutContext(
  db: Queryable,
  restaurantId: string,
  menuItemIds: string[],
): Promise<CheckoutContext | undefined> {
  const rows = await runPrepared<CheckoutContextRow>(db, 'checkout_context', CHECKOUT_CONTEXT_SQL, [
    restaurantId,
    menuItemIds,
  ]);
  const [first] = rows;
  if (!first) return undefined;
  return {
    restaurant: {
      name: first.name,
      isActive: first.is_active,
      currencySymbol: first.currency_symbol,
      latitude: first.latitude,
      longitude: first.longitude,
    },
    commissionBps: first.commission_bps,
    items: rows.flatMap((row) =>
      row.item_id === null
        ? []
        : [{ id: row.item_id, name: row.item_name, price: row.item_price, isAvailable: row.item_is_available }],
    ),
  };
}

export interface NewOrder {
  id: string;
  customerId: string;
  restaurantId: string;
  status: OrderStatus;
  totalAmount: number;
  commissionAmount: number;
  restaurantPayout: number;
  commissionBps: number;
  currencySymbol: string;
  deliveryAddress: string;
  deliveryPhone: string;
  deliveryLatitude: number | null;
  deliveryLongitude: number | null;
  restaurantLatitude: number | null;
  restaurantLongitude: number | null;
  deliveryCode: string;
  notes: string | null;
  lines: { menuItemId: string; name: string; quantity: number; price: number }[];
  payment: { method: 'cash'; status: 'pending' };
}

/**
 * Order, lines, payment and the kitchen's realtime event in one statement, which PostgreSQL
 * applies whole or not at all (it is its own transaction, so the NOTIFY goes out only if it
 * commits). It writes nothing unless, as of this statement, the restaurant is still active and
 * every line is still on its menu, available, at the price the order was computed with.
 * The count guard takes each menu item to appear once in the lines: placeOrderSchema refuses
 * duplicates. `notified` is selected at the end because PostgreSQL runs a plain SELECT in a
 * WITH only when something reads it; without that the pg_notify would never run.
 */
const INSERT_ORDER_SQL = `
  with line as (
    select * from unnest($18::uuid[], $19::text[], $20::int[], $21::int[]) as line(menu_item_id, name, quantity, price)
  ), still_valid as (
    select 1 from restaurants r
    where r.id = $3 and r.is_active
      and (select count(*) from line join menu_items m on m.id = line.menu_item_id
           where m.restaurant_id = $3 and m.is_available and m.price = line.price) = cardinality($18::uuid[])
  ), new_order as (
    insert into orders (
      id, customer_id, restaurant_id, status, total_amount, commission_amount, restaurant_payout,
      commission_bps, currency_symbol, delivery_address, delivery_phone, delivery_latitude,
      delivery_longitude, restaurant_latitude, restaurant_longitude, delivery_code, notes
    ) select $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17 from still_valid
    returning id, created_at
  ), new_lines as (
    insert into order_items (order_id, menu_item_id, name, quantity, price)
    select new_order.id, line.menu_item_id, line.name, line.quantity, line.price from new_order, line
  ), new_payment as (
    insert into payments (order_id, amount, payment_method, payment_status)
    select id, $5, $22, $23 from new_order
  ), notified as (
    select pg_notify($24, $25) from new_order
  )
  select (extract(epoch from created_at) * 1000)::float8 as created_at_ms, (select count(*) from notified) as notified
  from new_order`;

/**
 * Writes the order with its lines and payment, and raises `event`, in one round trip; returns
 * when it was created, or undefined when the menu or restaurant changed since it was priced.
 */
export async function insertOrder(db: Queryable, order: NewOrder, event: RealtimeEvent): Promise<Date | undefined> {
  const [row] = await runPrepared<{ created_at_ms: number }>(db, 'checkout_insert_order', INSERT_ORDER_SQL, [
    order.id,
    order.customerId,
    order.restaurantId,
    order.status,
    order.totalAmount,
    order.commissionAmount,
    order.restaurantPayout,
    order.commissionBps,
    order.currencySymbol,
    order.deliveryAddress,
    order.deliveryPhone,
    order.deliveryLatitude,
    order.deliveryLongitude,
    order.restaurantLatitude,
    order.restaurantLongitude,
    order.deliveryCode,
    order.notes,
    order.lines.map((line) => line.menuItemId),
    order.lines.map((line) => line.name),
    order.lines.map((line) => line.quantity),
    order.lines.map((line) => line.price),
    order.payment.method,
    order.payment.status,
    REALTIME_CHANNEL,
    JSON.stringify(event),
  ]);
  return row ? new Date(row.created_at_ms) : undefined;
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
  deliveryAddress: orders.deliveryAddress,
  deliveryPhone: orders.deliveryPhone,
  deliveryLatitude: orders.deliveryLatitude,
  deliveryLongitude: orders.deliveryLongitude,
  notes: orders.notes,
  deliveryCode: orders.deliveryCode,
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

export function listCustomerOrderRows(db: Queryable, customerId: string, limit: number) {
  return selectOrders(db)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
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
  /** Set along with the status, e.g. the driver who accepts. */
  driverId?: string;
}

/** The conditional UPDATE every move goes through: it changes the row only if it is still in `from`. */
export async function updateStatusIfCurrent(db: Queryable, change: StatusChange) {
  const [row] = await db
    .update(orders)
    .set({
      status: change.to,
      updatedAt: sql`now()`,
      ...(change.driverId !== undefined ? { driverId: change.driverId } : {}),
    })
    .where(and(eq(orders.id, change.orderId), eq(orders.status, change.from)))
    .returning({
      id: orders.id,
      restaurantId: orders.restaurantId,
      customerId: orders.customerId,
      driverId: orders.driverId,
      status: orders.status,
    });
  return row;
}
