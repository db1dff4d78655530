import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { OrderStatus } from '@shared/orders/status.js';
import type { Queryable } from '../db/client.js';
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
  restaurantIsActive: boolean;
  /** The requested items that belong to this restaurant, available or not. */
  items: { id: string; name: string; price: number; isAvailable: boolean }[];
}

const CHECKOUT_CONTEXT_SQL = `
  select r.is_active, m.id as item_id, m.name as item_name, m.price as item_price, m.is_available as item_is_available
  from restaurants r
  left join menu_items m on m.restaurant_id = r.id and m.id = any($2::uuid[])
  where r.id = $1`;

interface CheckoutContextRow {
  is_active: boolean;
  item_id: string | null;
  item_name: string;
  item_price: number;
  item_is_available: boolean;
}

/** Whether the restaurant is open and what the cart's items are on its menu; undefined for an unknown restaurant. */
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
 * Prices the cart from menu_items and writes order, lines and payment in one statement, which
 * PostgreSQL applies whole or not at all (it is its own transaction). Prices are read and
 * written in the same statement, so nothing can change in between. It writes nothing unless the
 * restaurant is active, every line is an available item of its menu, the total is at most the
 * limit and no order has this id yet (a checkout sent twice places one order).
 *
 * The commission is `commissionFor` of src/shared/money.ts (basis points, half up) in integer
 * SQL: (total * bps + 5000) / 10000; a test holds the two to the same results.
 */
const PLACE_ORDER_SQL = `
  with cart as (
    select * from unnest($11::uuid[], $12::int[]) with ordinality as cart(menu_item_id, quantity, position)
  ), priced as (
    select cart.position, m.id as menu_item_id, m.name, cart.quantity, m.price
    from cart join menu_items m on m.id = cart.menu_item_id
    where m.restaurant_id = $3 and m.is_available
  ), bill as (
    select r.name as restaurant_name, r.currency_symbol, r.latitude, r.longitude, c.commission_bps,
      sum(p.price::bigint * p.quantity)::bigint as total
    from restaurants r join commission_settings c on c.id = 1 cross join priced p
    where r.id = $3 and r.is_active
    group by r.id, c.commission_bps
    having count(*) = cardinality($11::uuid[]) and sum(p.price::bigint * p.quantity) <= $13
  ), split as (
    select bill.*, (total * commission_bps + 5000) / 10000 as commission from bill
  ), new_order as (
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
  order by priced.position`;

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
export async function placeOrderAtMenuPrices(
  db: Queryable,
  order: OrderRequest,
): Promise<PlacedOrder | undefined> {
  const rows = await runPrepared<PlacedLineRow>(db, 'checkout_place_order', PLACE_ORDER_SQL, [
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
