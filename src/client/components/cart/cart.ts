import { z } from 'zod';
import { MAX_ITEM_QUANTITY, type CartLine as OrderCartLine } from '@shared/orders/schemas.js';

/**
 * The cart: lines of one restaurant's menu. Prices are the menu's as the customer saw them, in
 * minor units; the server prices the order again from its database at checkout.
 */
const cartSchema = z.object({
  restaurant: z.object({ id: z.string().min(1), name: z.string(), currencySymbol: z.string() }),
  lines: z
    .array(
      z.object({
        menuItemId: z.string().min(1),
        name: z.string(),
        price: z.number().int().nonnegative(),
        quantity: z.number().int().min(1).max(MAX_ITEM_QUANTITY),
      }),
    )
    .min(1),
});
export type Cart = z.infer<typeof cartSchema>;
export type CartRestaurant = Cart['restaurant'];
export type CartLine = Cart['lines'][number];
/** What a menu item brings into the cart. */
export type CartItem = Omit<CartLine, 'quantity'>;

export type CartAction =
  | { type: 'add'; restaurant: CartRestaurant; item: CartItem }
  | { type: 'replace'; restaurant: CartRestaurant; item: CartItem }
  | { type: 'increase'; menuItemId: string }
  | { type: 'decrease'; menuItemId: string }
  | { type: 'remove'; menuItemId: string }
  /** Puts back a removed line, at its old place and quantity (the 'Undo' of a removal). */
  | { type: 'restore'; restaurant: CartRestaurant; line: CartLine; index: number }
  | { type: 'clear' };

/** True when adding from this restaurant would throw away a cart from another one (the customer must agree first). */
export const holdsOtherRestaurant = (cart: Cart | null, restaurantId: string): boolean =>
  cart !== null && cart.restaurant.id !== restaurantId;

/** A cart with one line changed; the line is dropped at quantity 0, and an empty cart is null. */
function withQuantity(cart: Cart, menuItemId: string, quantity: (current: number) => number): Cart | null {
  const lines = cart.lines
    .map((line) =>
      line.menuItemId === menuItemId ? { ...line, quantity: Math.min(MAX_ITEM_QUANTITY, quantity(line.quantity)) } : line,
    )
    .filter((line) => line.quantity > 0);
  return lines.length > 0 ? { ...cart, lines } : null;
}

/**
 * The next cart. Adding from another restaurant than the cart's changes nothing: that takes a
 * 'replace', which the screen sends only once the customer agreed to start over.
 */
export function cartReducer(cart: Cart | null, action: CartAction): Cart | null {
  switch (action.type) {
    case 'add': {
      if (holdsOtherRestaurant(cart, action.restaurant.id)) return cart;
      if (!cart) return { restaurant: action.restaurant, lines: [{ ...action.item, quantity: 1 }] };
      const existing = cart.lines.some((line) => line.menuItemId === action.item.menuItemId);
      const updated = { ...cart, restaurant: action.restaurant };
      return existing
        ? withQuantity(updated, action.item.menuItemId, (quantity) => quantity + 1)
        : { ...updated, lines: [...cart.lines, { ...action.item, quantity: 1 }] };
    }
    case 'replace':
      return { restaurant: action.restaurant, lines: [{ ...action.item, quantity: 1 }] };
    case 'increase':
      return cart && withQuantity(cart, action.menuItemId, (quantity) => quantity + 1);
    case 'decrease':
      return cart && withQuantity(cart, action.menuItemId, (quantity) => quantity - 1);
    case 'remove':
      return cart && withQuantity(cart, action.menuItemId, () => 0);
    case 'restore': {
      if (holdsOtherRestaurant(cart, action.restaurant.id)) return cart;
      const others = cart?.lines.filter((line) => line.menuItemId !== action.line.menuItemId) ?? [];
      return {
        restaurant: action.restaurant,
        lines: [...others.slice(0, action.index), action.line, ...others.slice(action.index)],
      };
    }
    case 'clear':
      return null;
  }
}

/** How many of this item the cart holds. */
export const quantityOf = (cart: Cart | null, menuItemId: string): number =>
  cart?.lines.find((line) => line.menuItemId === menuItemId)?.quantity ?? 0;

/** Number of dishes in the cart, counting each unit. */
export const cartCount = (cart: Cart | null): number => cart?.lines.reduce((sum, line) => sum + line.quantity, 0) ?? 0;

/** Price of one line in minor units. */
export const lineTotal = (line: CartLine): number => line.price * line.quantity;

/** What the cart costs at the menu's prices, in minor units. */
export const cartTotal = (cart: Cart | null): number => cart?.lines.reduce((sum, line) => sum + lineTotal(line), 0) ?? 0;

/** The cart as the order API takes it: menu item ids and quantities only. */
export const orderItemsOf = (cart: Cart): OrderCartLine[] =>
  cart.lines.map(({ menuItemId, quantity }) => ({ menuItemId, quantity }));

/** A stored or handed-over cart, or null when there is none or it is not a cart (old format, edited by hand). */
export function parseCart(value: unknown): Cart | null {
  const parsed = cartSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The history state that carries the cart to /customer/checkout, and through /auth when sign-in comes first. */
export interface CheckoutLocationState {
  cart: Cart;
}

/** The cart inside a location's state, if it carries a valid one. */
export function cartFromLocationState(state: unknown): Cart | null {
  if (typeof state !== 'object' || state === null || !('cart' in state)) return null;
  return parseCart(state.cart);
}
