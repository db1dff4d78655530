import { carriedOrderSchema, OPERATIONS_LIMIT, type Operations } from '@shared/admin/operations.js';
import { shortOrderId } from '@shared/orders/schemas.js';
import type { Queryable } from '../db/client.js';
import { operationsOrderRows, operationsRiderRows } from './operationsRepository.js';

/**
 * GET /api/admin/operations (decision 031): what the live operations view shows, as of the
 * server's clock, each list cut at OPERATIONS_LIMIT rows.
 */
export async function getOperations(db: Queryable, now = new Date()): Promise<Operations> {
  const [orderRows, riderRows] = await Promise.all([
    operationsOrderRows(db, OPERATIONS_LIMIT),
    operationsRiderRows(db, OPERATIONS_LIMIT),
  ]);
  const orders = orderRows.map((row) => ({ ...row, shortId: shortOrderId(row.id), readyAt: row.readyAt.toISOString() }));
  return {
    serverTime: now.toISOString(),
    waiting: orders.filter((order) => order.driverId === null),
    onTheRoad: orders.filter((order) => order.driverId !== null),
    riders: riderRows.map((row) => ({
      ...row,
      lastLocationUpdate: row.lastLocationUpdate?.toISOString() ?? null,
      carrying: row.carrying.map((order) => carriedOrderSchema.parse({ ...order, shortId: shortOrderId(order.id) })),
    })),
    limit: OPERATIONS_LIMIT,
  };
}
