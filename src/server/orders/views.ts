import { shortOrderId, type OrderLine, type OrderView } from '@shared/orders/schemas.js';
import { STATUS_LABELS, isCodeVisible } from '@shared/orders/status.js';
import { mayReadDeliveryCode } from '../policy.js';
import type { AuthUser } from '../core/identity.js';
import type { OrderLineRow, OrderRow } from './repository.js';

/** Shapes an order for one viewer: the delivery code only reaches the order's customer, and only while it is needed. */
export function toOrderView(row: OrderRow, lines: OrderLine[], viewer: AuthUser): OrderView {
  return {
    id: row.id,
    shortId: shortOrderId(row.id),
    restaurantId: row.restaurantId,
    restaurantName: row.restaurantName,
    status: row.status,
    statusLabel: STATUS_LABELS[row.status],
    items: lines,
    totalAmount: row.totalAmount,
    currencySymbol: row.currencySymbol,
    paymentMethod: row.paymentMethod,
    deliveryAddress: row.deliveryAddress,
    deliveryPhone: row.deliveryPhone,
    deliveryLatitude: row.deliveryLatitude,
    deliveryLongitude: row.deliveryLongitude,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    deliveryCode: mayReadDeliveryCode(viewer, row) && isCodeVisible(row.status) ? row.deliveryCode : null,
  };
}

/** Groups line rows by order id. */
export function linesByOrder(rows: OrderLineRow[]): Map<string, OrderLine[]> {
  const byOrder = new Map<string, OrderLine[]>();
  for (const { orderId, ...line } of rows) {
    const lines = byOrder.get(orderId);
    if (lines) lines.push(line);
    else byOrder.set(orderId, [line]);
  }
  return byOrder;
}
