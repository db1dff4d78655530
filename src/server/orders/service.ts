import { ORDER_MESSAGES, type OrderView } from '@shared/orders/schemas.js';
import type { Queryable } from '../db/client.js';
import { notFound } from '../http/errors.js';
import type { AuthUser } from '../core/identity.js';
import { mayReadOrder } from '../policy.js';
import { findOrderLines, findOrderRow, listCustomerOrderRows, type OrderRow } from './repository.js';
import { linesByOrder, toOrderView } from './views.js';

/** How many of their most recent orders a customer's order list shows. */
export const MY_ORDERS_LIMIT = 100;

async function viewsOf(db: Queryable, rows: OrderRow[], viewer: AuthUser): Promise<OrderView[]> {
  const lines = linesByOrder(await findOrderLines(db, rows.map((row) => row.id)));
  return rows.map((row) => toOrderView(row, lines.get(row.id) ?? [], viewer));
}

/** The customer's own orders, newest first, with their lines: two queries whatever the count. */
export async function listMyOrders(db: Queryable, customer: AuthUser): Promise<OrderView[]> {
  return viewsOf(db, await listCustomerOrderRows(db, customer.userId, MY_ORDERS_LIMIT), customer);
}

/** One order row with its lines, as `viewer` may see it; the caller has checked they may. */
export async function viewOf(db: Queryable, row: OrderRow, viewer: AuthUser): Promise<OrderView> {
  const lines = linesByOrder(await findOrderLines(db, [row.id]));
  return toOrderView(row, lines.get(row.id) ?? [], viewer);
}

/** One order for whoever may read it; to everyone else it does not exist. */
export async function getOrder(db: Queryable, viewer: AuthUser, orderId: string): Promise<OrderView> {
  const row = await findOrderRow(db, orderId);
  if (!row || !(await mayReadOrder(db, viewer, row))) throw notFound(ORDER_MESSAGES.notFound);
  return viewOf(db, row, viewer);
}

/** One order for a viewer the caller has already let read it (e.g. the kitchen that just moved it). */
export async function getCheckedOrder(db: Queryable, viewer: AuthUser, orderId: string): Promise<OrderView> {
  const row = await findOrderRow(db, orderId);
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  return viewOf(db, row, viewer);
}
