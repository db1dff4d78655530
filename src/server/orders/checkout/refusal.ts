import { DELIVERY_MESSAGES } from '@shared/delivery/fees.js';
import { CHECKOUT_MESSAGES, MAX_ORDER_TOTAL, type PlaceOrder } from '@shared/orders/schemas.js';
import { RESTAURANT_MESSAGES } from '@shared/restaurants/schemas.js';
import type { Queryable } from '../../db/client.js';
import { conflict, notFound, unprocessable, type AppError } from '../../http/errors.js';
import { checkCart, choicesOf, dishAvailable, menuTotal } from './checks.js';

/**
 * Why a checkout refused this cart, in the words the customer sees: unknown or closed
 * restaurant, an item not on its menu, unavailable items by name, choices a dish does not offer
 * now or that break its groups' rules, a total too large with the
 * delivery fee and tip, a subtotal under the minimum order (and by how much), or a tip above the
 * food. When nothing is wrong any more, the menu changed between the refusal and this look.
 */
export async function refusal(
  db: Queryable,
  input: Pick<PlaceOrder, 'restaurantId' | 'items' | 'tipAmount'>,
  deliveryFee: number,
): Promise<AppError> {
  const check = await checkCart(db, input.restaurantId, input.items);
  if (!check.restaurantOpen) return notFound(RESTAURANT_MESSAGES.notFound);
  if (check.lines.some(({ dish }) => !dish)) return unprocessable(CHECKOUT_MESSAGES.notOnMenu);
  const unavailable = check.lines.flatMap(({ dish }) => (dish && !dishAvailable(dish) ? [dish.name] : []));
  if (unavailable.length > 0) return unprocessable(CHECKOUT_MESSAGES.unavailable(unavailable.join(', ')));
  for (const checked of check.lines) {
    const choices = choicesOf(checked);
    if (choices && !choices.ok) return unprocessable(choices.message);
  }
  const subtotal = menuTotal(check);
  if (subtotal + deliveryFee + input.tipAmount > MAX_ORDER_TOTAL) return unprocessable(CHECKOUT_MESSAGES.tooLarge);
  if (subtotal < check.minOrderAmount) {
    const short = check.minOrderAmount - subtotal;
    return unprocessable(DELIVERY_MESSAGES.belowMinimum(check.minOrderAmount, short, check.currencySymbol));
  }
  if (input.tipAmount > subtotal) return unprocessable(CHECKOUT_MESSAGES.tipOverSubtotal);
  return conflict(CHECKOUT_MESSAGES.menuChanged);
}
