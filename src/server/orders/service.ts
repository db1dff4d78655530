import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { ORDER_MESSAGES, type OrderView } from '@shared/orders/schemas.js';
import { ON_THE_ROAD, isOnTheRoad, type OrderStatus } from '@shared/orders/status.js';
import {
  KITCHEN_TAB_STATUSES,
  MY_ORDER_TAB_STATUSES,
  type AdminOrdersQuery,
  type AdminOrderView,
  type AvailableOrderView,
  type DeliveryView,
  type KitchenOrdersQuery,
  type KitchenOrderView,
  type MyOrdersQuery,
  type OrderDetail,
  type SalesOrderView,
  type SalesQuery,
} from '@shared/orders/views.js';
import { periodStart } from '@shared/orders/sales.js';
import { RESTAURANT_MESSAGES } from '@shared/restaurants/schemas.js';
import type { Page, PageQuery } from '@shared/paging.js';
import type { Queryable } from '../db/client.js';
import { toPage } from '../db/keyset.js';
import { forbidden, notFound } from '../http/errors.js';
import type { AuthUser } from '../core/identity.js';
import {
  makesDeliveries,
  mayFindDeliveries,
  mayPlaceOrders,
  orderAudience,
  oversees,
  refusalForRestaurant,
  runsKitchen,
  seesSales,
} from '../policy.js';
import { salesFilter } from './salesRepository.js';
import { findNameMatches, listAdminOrderRows, searchedOrderIds, type AdminOrderRow } from './adminSearchRepository.js';
import {
  findListedOrderRow,
  findWaitingFor,
  listNearestWaitingRows,
  listOrderRows,
  orderFilters,
  type ListedOrderRow,
} from './listsRepository.js';
import { findOrderDrivers, findOrderLines } from './viewsRepository.js';
import { orderIdPrefixRange } from './idPrefix.js';
import { linesByOrder, toAdminView, toAvailableView, toDeliveryView, toKitchenView, toOrderView, toSalesView } from './views.js';

/** Orders each audience reads, one page at a time, each in its own view (shared/orders/views.ts). */

/** The manager's Completed tab shows delivered orders only; cancelled ones are not sales. */
const SALES_TABS: Record<SalesQuery['tab'], readonly OrderStatus[] | undefined> = {
  recent: undefined,
  completed: ['delivered'],
};

async function withLines<Row extends { id: string }>(db: Queryable, rows: Row[]) {
  return linesByOrder(
    await findOrderLines(
      db,
      rows.map((row) => row.id),
    ),
  );
}

/** The drivers of those orders that have one on the way, by driver id: one query, none when no order is on the road. */
async function driversOnTheRoad(db: Queryable, rows: { status: OrderStatus; driverId: string | null }[]) {
  const ids = rows.flatMap((row) => (row.driverId && isOnTheRoad(row.status) ? [row.driverId] : []));
  const found = await findOrderDrivers(db, [...new Set(ids)]);
  return new Map(found.map((driver) => [driver.userId, driver]));
}

async function allow(answer: boolean | Promise<boolean>) {
  if (!(await answer)) throw forbidden();
}

/** Lets through whoever may see this part of the restaurant; refuses the rest as the policy says. */
export async function allowRestaurant(answer: boolean | Promise<boolean>, user: AuthUser, part: 'kitchen' | 'sales') {
  if (await answer) return;
  throw refusalForRestaurant(user, part) === 'notFound' ? notFound(RESTAURANT_MESSAGES.notFound) : forbidden();
}

/**
 * My Orders: the customer's own orders (all, or those of one tab), newest first, with their lines:
 * two queries a page. Expected arrivals are timed at `averageSpeedKmh`.
 */
export async function listMyOrders(
  db: Queryable,
  customer: AuthUser,
  query: MyOrdersQuery,
  averageSpeedKmh: number,
  fileSecret: string,
): Promise<Page<OrderView>> {
  await allow(mayPlaceOrders(customer));
  const statuses = query.tab ? MY_ORDER_TAB_STATUSES[query.tab] : undefined;
  const rows = await listOrderRows(db, orderFilters.ofCustomer(customer.userId, statuses), query);
  const lines = await withLines(db, rows);
  const drivers = await driversOnTheRoad(db, rows);
  return toPage(rows, query.limit, (row) =>
    toOrderView(
      row,
      lines.get(row.id) ?? [],
      customer,
      averageSpeedKmh,
      row.driverId ? drivers.get(row.driverId) : undefined,
      fileSecret,
    ),
  );
}

/** The kitchen board of one restaurant, for whoever runs its kitchen. */
export async function listKitchenOrders(
  db: Queryable,
  user: AuthUser,
  restaurantId: string,
  query: KitchenOrdersQuery,
): Promise<Page<KitchenOrderView>> {
  await allowRestaurant(runsKitchen(db, user, restaurantId), user, 'kitchen');
  const rows = await listOrderRows(db, orderFilters.ofRestaurant(restaurantId, KITCHEN_TAB_STATUSES[query.tab]), query);
  const lines = await withLines(db, rows);
  return toPage(rows, query.limit, (row: ListedOrderRow) => toKitchenView(row, lines.get(row.id) ?? []));
}

/** Sales and transactions of one restaurant over a period (UTC days), for whoever sees its sales. */
export async function listSales(
  db: Queryable,
  user: AuthUser,
  restaurantId: string,
  query: SalesQuery,
): Promise<Page<SalesOrderView>> {
  await allowRestaurant(seesSales(db, user, restaurantId), user, 'sales');
  const filter = salesFilter(restaurantId, SALES_TABS[query.tab], periodStart(query.period, new Date()));
  const rows = await listOrderRows(db, filter, query);
  const lines = await withLines(db, rows);
  return toPage(rows, query.limit, (row) => toSalesView(row, lines.get(row.id) ?? []));
}

/**
 * Ready orders nobody has taken yet, nearest restaurant first, for verified drivers (unverified
 * ones are told why). Nearest first cannot be paged by a cursor: this is the one page of the
 * `limit` nearest, never with a next cursor (see listNearestWaitingRows).
 */
export async function listAvailableOrders(db: Queryable, driver: AuthUser, page: PageQuery): Promise<Page<AvailableOrderView>> {
  if (!(await mayFindDeliveries(db, driver))) {
    throw forbidden(makesDeliveries(driver) ? DRIVER_MESSAGES.notVerified : undefined);
  }
  const rows = await listNearestWaitingRows(db, driver.userId, page.limit);
  return { items: rows.map((row) => toAvailableView(row, row)), nextCursor: null };
}

/** The driver's own deliveries still on the road. */
export async function listDeliveries(db: Queryable, driver: AuthUser, page: PageQuery): Promise<Page<DeliveryView>> {
  await allow(makesDeliveries(driver));
  const rows = await listOrderRows(db, orderFilters.ofDriver(driver.userId, ON_THE_ROAD), page);
  return toPage(rows, page.limit, toDeliveryView);
}

/**
 * One page of the admin's search (adminSearchRepository.ts, searchedOrderIds): without text, every order or
 * those of a status; with text, the orders of the restaurants and customers so named and those
 * whose id starts with it, newest first.
 */
async function searchAllOrders(db: Queryable, query: AdminOrdersQuery): Promise<AdminOrderRow[]> {
  const text = query.q || undefined;
  if (!text) return listAdminOrderRows(db, orderFilters.ofStatus(query.status), query);
  const names = await findNameMatches(db, text);
  const ids = searchedOrderIds({ status: query.status, text, idRange: orderIdPrefixRange(text), names }, query);
  return ids ? listAdminOrderRows(db, ids, { limit: query.limit, cursor: undefined }) : [];
}

/** Every order on the platform, searchable, for admins, with the name of the driver each has or had. */
export async function listAllOrders(
  db: Queryable,
  admin: AuthUser,
  query: AdminOrdersQuery,
  fileSecret: string,
): Promise<Page<AdminOrderView>> {
  await allow(oversees(admin));
  const rows = await searchAllOrders(db, query);
  const lines = await withLines(db, rows);
  return toPage(rows, query.limit, (row) => toAdminView(row, lines.get(row.id) ?? [], fileSecret));
}

/** One order in the view of whoever asks; to those who may not see it, it does not exist. Its customer's arrival is timed at `averageSpeedKmh`. */
export async function getOrder(
  db: Queryable,
  viewer: AuthUser,
  orderId: string,
  { averageSpeedKmh, fileSecret }: { averageSpeedKmh: number; fileSecret: string },
): Promise<OrderDetail> {
  const row = await findListedOrderRow(db, orderId);
  const audience = row ? await orderAudience(db, viewer, row) : null;
  if (!row || !audience) throw notFound(ORDER_MESSAGES.notFound);
  switch (audience) {
    case 'customer': {
      const lines = (await withLines(db, [row])).get(row.id) ?? [];
      const driver = row.driverId ? (await driversOnTheRoad(db, [row])).get(row.driverId) : undefined;
      return { audience, ...toOrderView(row, lines, viewer, averageSpeedKmh, driver, fileSecret) };
    }
    case 'kitchen':
      return { audience, ...toKitchenView(row, (await withLines(db, [row])).get(row.id) ?? []) };
    case 'sales':
      return { audience, ...toSalesView(row, (await withLines(db, [row])).get(row.id) ?? []) };
    case 'driver':
      return { audience, ...toDeliveryView(row) };
    case 'waitingDriver':
      return { audience, ...toAvailableView(row, await findWaitingFor(db, row.id, viewer.userId)) };
    case 'admin': {
      const [adminRow] = await listAdminOrderRows(db, orderFilters.ofId(row.id), { limit: 1, cursor: undefined });
      if (!adminRow) throw notFound(ORDER_MESSAGES.notFound);
      return { audience, ...toAdminView(adminRow, (await withLines(db, [row])).get(row.id) ?? [], fileSecret) };
    }
  }
}
