import { CHECKOUT_MESSAGES, MAX_ORDER_TOTAL, type PlaceOrder } from '@shared/orders/schemas.js';
import { RESTAURANT_MESSAGES } from '@shared/restaurants/schemas.js';
import type { Queryable } from '../../db/client.js';
import { conflict, notFound, unprocessable, type AppError } from '../../http/errors.js';
import { checkCart, menuTotal } from './checks.js';

/**
 * Why a checkout refused this cart, in the words the customer sees: unknown or closed
 * restaurant, an item not on its menu, unavailable items by name, or a total too large. When
 * nothing is wrong any more, the menu changed between the refusal and this look.
 */
export async function refusal(db: Queryable, input: Pick<PlaceOrder, 'restaurantId' | 'items'>): Promise<AppError> {
  const check = await checkCart(db, input.restaurantId, input.items);
  if (!check.restaurantOpen) return notFound(RESTAURANT_MESSAGES.notFound);
  if (check.lines.some(({ dish }) => !dish)) return unprocessable(CHECKOUT_MESSAGES.notOnMenu);
  const unavailable = check.lines.flatMap(({ dish }) => (dish && !dish.isAvailable ? [dish.name] : []));
  if (unavailable.length > 0) return unprocessable(CHECKOUT_MESSAGES.unavailable(unavailable.join(', ')));
  if (menuTotal(check) > MAX_ORDER_TOTAL) return unprocessable(CHECKOUT_MESSAGES.tooLarge);
  return conflict(CHECKOUT_MESSAGES.menuChanged);
}
