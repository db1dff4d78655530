import { randomUUID } from 'node:crypto';
import { splitTotal } from '@shared/money.js';
import { CHECKOUT_MESSAGES, MAX_ORDER_TOTAL, type OrderView, type PlaceOrder } from '@shared/orders/schemas.js';
import { RESTAURANT_MESSAGES } from '@shared/restaurants/schemas.js';
import { topics } from '@shared/realtime/events.js';
import type { Db } from '../db/client.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import type { AuthUser } from '../plugins/auth.js';
import { newDeliveryCode } from './deliveryCode.js';
import { insertOrder, loadCheckoutContext, type CheckoutContext, type NewOrder } from './repository.js';
import { toOrderView } from './views.js';

/** Prices every line from the menu as it is now; whatever the browser believed a price to be does not matter. */
function priceCart(context: CheckoutContext, cart: PlaceOrder['items']): NewOrder['lines'] {
  const menu = new Map(context.items.map((item) => [item.id, item]));
  const lines = cart.map(({ menuItemId, quantity }) => {
    const item = menu.get(menuItemId);
    if (!item) throw unprocessable(CHECKOUT_MESSAGES.notOnMenu);
    return { item, quantity };
  });
  const unavailable = lines.filter((line) => !line.item.isAvailable).map((line) => line.item.name);
  if (unavailable.length > 0) throw unprocessable(CHECKOUT_MESSAGES.unavailable(unavailable.join(', ')));
  return lines.map(({ item, quantity }) => ({ menuItemId: item.id, name: item.name, quantity, price: item.price }));
}

/**
 * Places a cash-on-delivery order in two round trips: read the restaurant, the commission rate
 * and the menu prices; then one statement that writes order, lines and a pending cash payment
 * and tells the kitchen, only if nothing it was priced from has changed meanwhile (it is its
 * own transaction: all of it happens or none). Cash orders need no payment first, so they start
 * confirmed (SPEC section 4).
 */
export async function placeCashOrder(db: Db, customer: AuthUser, input: PlaceOrder): Promise<OrderView> {
  const context = await loadCheckoutContext(
    db,
    input.restaurantId,
    input.items.map((line) => line.menuItemId),
  );
  if (!context?.restaurant.isActive) throw notFound(RESTAURANT_MESSAGES.notFound);

  const lines = priceCart(context, input.items);
  const total = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  if (total > MAX_ORDER_TOTAL) throw unprocessable(CHECKOUT_MESSAGES.tooLarge);

  const order: NewOrder = {
    id: randomUUID(),
    customerId: customer.userId,
    restaurantId: input.restaurantId,
    status: 'confirmed',
    ...splitTotal(total, context.commissionBps),
    commissionBps: context.commissionBps,
    currencySymbol: context.restaurant.currencySymbol,
    deliveryAddress: input.deliveryAddress,
    deliveryPhone: input.deliveryPhone,
    deliveryLatitude: input.deliveryLatitude ?? null,
    deliveryLongitude: input.deliveryLongitude ?? null,
    restaurantLatitude: context.restaurant.latitude,
    restaurantLongitude: context.restaurant.longitude,
    deliveryCode: newDeliveryCode(),
    notes: input.notes || null,
    lines,
    payment: { method: 'cash', status: 'pending' },
  };
  const createdAt = await insertOrder(db, order, {
    topic: topics.restaurant(order.restaurantId),
    type: 'order.created',
    orderId: order.id,
    status: order.status,
  });
  if (!createdAt) throw conflict(CHECKOUT_MESSAGES.menuChanged);

  return toOrderView(
    { ...order, driverId: null, restaurantName: context.restaurant.name, paymentMethod: 'cash', createdAt },
    lines,
    customer,
  );
}
