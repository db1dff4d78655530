import { randomUUID } from 'node:crypto';
import { CHECKOUT_MESSAGES, MAX_ORDER_TOTAL, type OrderView, type PlaceOrder } from '@shared/orders/schemas.js';
import { RESTAURANT_MESSAGES } from '@shared/restaurants/schemas.js';
import { topics } from '@shared/realtime/events.js';
import type { Db } from '../db/client.js';
import { conflict, notFound, unprocessable, type AppError } from '../http/errors.js';
import type { AuthUser } from '../core/identity.js';
import { raiseCommitted } from '../realtime/publish.js';
import { newDeliveryCode } from './deliveryCode.js';
import { findOrderRow, loadCheckoutContext, placeOrderAtMenuPrices, type OrderRequest } from './repository.js';
import { viewOf } from './service.js';
import { toOrderView } from './views.js';

/**
 * Why the database refused to place this cart, in the words the customer sees: unknown or
 * closed restaurant, an item not on its menu, unavailable items by name, or a total too large.
 * When nothing is wrong any more, the menu changed between the refusal and this look.
 */
async function refusal(db: Db, input: PlaceOrder): Promise<AppError> {
  const context = await loadCheckoutContext(
    db,
    input.restaurantId,
    input.items.map((line) => line.menuItemId),
  );
  if (!context?.restaurantIsActive) return notFound(RESTAURANT_MESSAGES.notFound);
  const menu = new Map(context.items.map((item) => [item.id, item]));
  const lines = input.items.map(({ menuItemId, quantity }) => ({ item: menu.get(menuItemId), quantity }));
  if (lines.some((line) => !line.item)) return unprocessable(CHECKOUT_MESSAGES.notOnMenu);
  const unavailable = lines.flatMap(({ item }) => (item && !item.isAvailable ? [item.name] : []));
  if (unavailable.length > 0) return unprocessable(CHECKOUT_MESSAGES.unavailable(unavailable.join(', ')));
  const total = lines.reduce((sum, { item, quantity }) => sum + (item?.price ?? 0) * quantity, 0);
  if (total > MAX_ORDER_TOTAL) return unprocessable(CHECKOUT_MESSAGES.tooLarge);
  return conflict(CHECKOUT_MESSAGES.menuChanged);
}

/**
 * A checkout that wrote nothing: the same checkout sent again gets the order it placed the first
 * time; anything else is refused with the reason.
 */
async function replayOrRefuse(db: Db, customer: AuthUser, input: PlaceOrder): Promise<OrderView> {
  const existing = input.orderId ? await findOrderRow(db, input.orderId) : undefined;
  if (!existing) throw await refusal(db, input);
  if (existing.customerId !== customer.userId) throw conflict(CHECKOUT_MESSAGES.orderIdTaken);
  return viewOf(db, existing, customer);
}

/**
 * Places a cash-on-delivery order in one round trip: the database prices every line from the
 * menu as it is now (whatever the browser believed a price to be does not matter), snapshots
 * commission and payout, and writes order, lines and a pending cash payment, all or nothing;
 * then the kitchen hears of it. Only a refused cart costs a second look, to say why. Cash
 * orders need no payment first, so they start confirmed (SPEC section 4).
 */
export async function placeCashOrder(db: Db, customer: AuthUser, input: PlaceOrder): Promise<OrderView> {
  const order: OrderRequest = {
    id: input.orderId ?? randomUUID(),
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
  const placed = await placeOrderAtMenuPrices(db, order);
  if (!placed) return replayOrRefuse(db, customer, input);
  void raiseCommitted(db, [
    { topic: topics.restaurant(order.restaurantId), type: 'order.created', orderId: order.id, status: order.status },
  ]);

  return toOrderView(
    {
      ...order,
      ...placed,
      driverId: null,
      paymentMethod: order.payment.method,
    },
    placed.lines,
    customer,
  );
}
