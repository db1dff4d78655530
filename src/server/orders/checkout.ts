import { randomUUID } from 'node:crypto';
import { splitTotal } from '@shared/money.js';
import { CHECKOUT_MESSAGES, MAX_ORDER_TOTAL, type OrderView, type PlaceOrder } from '@shared/orders/schemas.js';
import { RESTAURANT_MESSAGES } from '@shared/restaurants/schemas.js';
import { topics } from '@shared/realtime/events.js';
import type { Db } from '../db/client.js';
import { notFound, unprocessable } from '../http/errors.js';
import type { AuthUser } from '../plugins/auth.js';
import { publish } from '../realtime/publish.js';
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
 * Places a cash-on-delivery order in one transaction: read the restaurant, the commission rate
 * and the menu prices, write order, lines and a pending cash payment, and tell the kitchen.
 * Cash orders need no payment first, so they start confirmed (SPEC section 4).
 */
export async function placeCashOrder(db: Db, customer: AuthUser, input: PlaceOrder): Promise<OrderView> {
  return db.transaction(async (tx) => {
    const context = await loadCheckoutContext(
      tx,
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
    const createdAt = await insertOrder(tx, order);
    await publish(tx, {
      topic: topics.restaurant(order.restaurantId),
      type: 'order.created',
      orderId: order.id,
      status: order.status,
    });

    return toOrderView(
      { ...order, driverId: null, restaurantName: context.restaurant.name, paymentMethod: 'cash', createdAt },
      lines,
      customer,
    );
  });
}
