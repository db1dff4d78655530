import { CHECKOUT_MESSAGES, MAX_ORDER_TOTAL, type OrderView, type PlaceOrder } from '@shared/orders/schemas.js';
import { topics } from '@shared/realtime/events.js';
import type { Database } from '../../db/client.js';
import { badRequest, conflict } from '../../http/errors.js';
import type { AuthUser } from '../../core/identity.js';
import { raiseCommitted } from '../../realtime/publish.js';
import { newDeliveryCode } from '../deliveryCode.js';
import { findListedOrderRow, type OrderRow } from '../listsRepository.js';
import { findOrderLines, type OrderLineRow } from '../viewsRepository.js';
import { linesByOrder, toOrderView } from '../views.js';
import { refusal } from './refusal.js';
import { writeOrder, type OrderRequest } from './writeOrder.js';

/**
 * The id of a checkout, which the order it places takes: `orderId` in the body or the
 * Idempotency-Key header. One of them is required (without it a retried checkout would place a
 * second order); both at once must agree.
 */
export function checkoutId(bodyId: string | undefined, headerId: string | undefined): string {
  if (bodyId && headerId && bodyId !== headerId) throw badRequest(CHECKOUT_MESSAGES.checkoutIdMismatch);
  const id = bodyId ?? headerId;
  if (!id) throw badRequest(CHECKOUT_MESSAGES.checkoutIdMissing, { orderId: CHECKOUT_MESSAGES.checkoutIdMissing });
  return id;
}

const cartKey = (lines: { menuItemId: string | null; quantity: number }[]) =>
  lines
    .map((line) => `${line.menuItemId}x${line.quantity}`)
    .sort()
    .join(',');

/** Whether an order already placed is this very checkout: same restaurant, lines, delivery, notes and payment. */
function isSameCheckout(order: OrderRow, lines: OrderLineRow[], request: OrderRequest): boolean {
  return (
    order.restaurantId === request.restaurantId &&
    cartKey(lines) === cartKey(request.lines) &&
    order.deliveryAddress === request.deliveryAddress &&
    order.deliveryPhone === request.deliveryPhone &&
    order.deliveryLatitude === request.deliveryLatitude &&
    order.deliveryLongitude === request.deliveryLongitude &&
    order.notes === request.notes &&
    order.paymentMethod === request.payment.method
  );
}

/**
 * A checkout that wrote nothing: the same checkout sent again gets the order it placed the first
 * time; the same id with another cart, or someone else's id, is a conflict; anything else is
 * refused with the reason.
 */
async function replayOrRefuse(
  database: Database,
  customer: AuthUser,
  request: OrderRequest,
  input: PlaceOrder,
): Promise<OrderView> {
  const { db } = database;
  const existing = await findListedOrderRow(db, request.id);
  if (!existing) throw await refusal(db, input);
  if (existing.customerId !== customer.userId) throw conflict(CHECKOUT_MESSAGES.orderIdTaken);
  const lines = await findOrderLines(db, [existing.id]);
  if (!isSameCheckout(existing, lines, request)) throw conflict(CHECKOUT_MESSAGES.checkoutIdReused);
  return toOrderView(existing, linesByOrder(lines).get(existing.id) ?? [], customer);
}

/**
 * Places a cash-on-delivery order in one round trip: the database prices every line from the
 * menu as it is now (whatever the browser believed a price to be does not matter), snapshots
 * commission and payout, and writes order, lines and a pending cash payment, all or nothing;
 * then the kitchen hears of it. Only a refused cart or a repeated checkout costs a second look.
 * Cash orders need no payment first, so they start confirmed.
 */
export async function placeCashOrder(
  database: Database,
  customer: AuthUser,
  input: PlaceOrder,
  orderId: string,
): Promise<OrderView> {
  const order: OrderRequest = {
    id: orderId,
    customerId: customer.userId,
    restaurantId: input.restaurantId,
    status: 'confirmed',
    deliveryAddress: input.deliveryAddress,
    deliveryPhone: input.deliveryPhone,
    deliveryLatitude: input.deliveryLatitude ?? null,
    deliveryLongitude: input.deliveryLongitude ?? null,
    deliveryCode: newDeliveryCode(),
    notes: input.notes || null,
    lines: input.items,
    payment: { method: 'cash', status: 'pending' },
    maxTotal: MAX_ORDER_TOTAL,
  };
  const placed = await writeOrder(database.statements, order);
  if (!placed) return replayOrRefuse(database, customer, order, input);
  void raiseCommitted(database.db, [
    { topic: topics.restaurant(order.restaurantId), type: 'order.created', orderId: order.id, status: order.status },
  ]);

  return toOrderView(
    {
      ...order,
      ...placed,
      driverId: null,
      closedReason: null,
      paymentMethod: order.payment.method,
      paymentStatus: order.payment.status,
    },
    placed.lines,
    customer,
  );
}
