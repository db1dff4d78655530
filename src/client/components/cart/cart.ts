import { z } from 'zod';
import { cartLineKey, chosenOptionSchema } from '@shared/menu/options.js';
import { MAX_ITEM_QUANTITY, type CartLine as OrderCartLine } from '@shared/orders/schemas.js';

/**
 * The cart: lines of one restaurant's menu, a dish with the same choices on one line. Prices are
 * the menu's as the customer saw them, in minor units, each line's with its choices' price changes;
 * the server prices the order again from its database at checkout. Carts stored before dishes had
 * choices have none, read as no choices.
 */
const cartSchema = z.object({
  restaurant: z.object({ id: z.string().min(1), name: z.string(), currencySymbol: z.string() }),
  lines: z
    .array(
      z.object({
        menuItemId: z.string().min(1),
        name: z.string(),
        /** Unit price, choices included. */
        price: z.number().int().nonnegative(),
        quantity: z.number().int().min(1).max(MAX_ITEM_QUANTITY),
        choiceIds: z.array(z.string().min(1)).default([]),
        /** The choices' names and price changes, for showing the line. */
        choices: z.array(chosenOptionSchema).default([]),
      }),
    )
    .min(1),
});
export type Cart = z.infer<typeof cartSchema>;
export type CartRestaurant = Cart['restaurant'];
export type CartLine = Cart['lines'][number];
/** What a menu item, with the choices picked, brings into the cart. */
export type CartItem = Omit<CartLine, 'quantity'>;

/** What names a line in the cart: its dish and choices (cartLineKey). */
export const lineKey = (line: Pick<CartLine, 'menuItemId' | 'choiceIds'>): string => cartLineKey(line.menuItemId, line.choiceIds);

export type CartAction =
  | { type: 'add'; restaurant: CartRestaurant; item: CartItem }
  | { type: 'replace'; restaurant: CartRestaurant; item: CartItem }
  | { type: 'increase'; key: string }
  | { type: 'decrease'; key: string }
  | { type: 'remove'; key: string }
  /** Puts back a removed line, at its old place and quantity (the 'Undo' of a removal). */
  | { type: 'restore'; restaurant: CartRestaurant; line: CartLine; index: number }
  | { type: 'clear' };

/** True when adding from this restaurant would throw away a cart from another one (the customer must agree first). */
export const holdsOtherRestaurant = (cart: Cart | null, restaurantId: string): boolean =>
  cart !== null && cart.restaurant.id !== restaurantId;

/** A cart with one line changed; the line is dropped at quantity 0, and an empty cart is null. */
function withQuantity(cart: Cart, key: string, quantity: (current: number) => number): Cart | null {
  const lines = cart.lines
    .map((line) => (lineKey(line) === key ? { ...line, quantity: Math.min(MAX_ITEM_QUANTITY, quantity(line.quantity)) } : line))
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
      const key = lineKey(action.item);
      const existing = cart.lines.some((line) => lineKey(line) === key);
      const updated = { ...cart, restaurant: action.restaurant };
      return existing
        ? withQuantity(updated, key, (quantity) => quantity + 1)
        : { ...updated, lines: [...cart.lines, { ...action.item, quantity: 1 }] };
    }
    case 'replace':
      return { restaurant: action.restaurant, lines: [{ ...action.item, quantity: 1 }] };
    case 'increase':
      return cart && withQuantity(cart, action.key, (quantity) => quantity + 1);
    case 'decrease':
      return cart && withQuantity(cart, action.key, (quantity) => quantity - 1);
    case 'remove':
      return cart && withQuantity(cart, action.key, () => 0);
    case 'restore': {
      if (holdsOtherRestaurant(cart, action.restaurant.id)) return cart;
      const key = lineKey(action.line);
      const others = cart?.lines.filter((line) => lineKey(line) !== key) ?? [];
      return {
        restaurant: action.restaurant,
        lines: [...others.slice(0, action.index), action.line, ...others.slice(action.index)],
      };
    }
    case 'clear':
      return null;
  }
}

/** How many of this dish the cart holds, whatever their choices. */
export const quantityOf = (cart: Cart | null, menuItemId: string): number =>
  cart?.lines.reduce((sum, line) => (line.menuItemId === menuItemId ? sum + line.quantity : sum), 0) ?? 0;

/** Number of dishes in the cart, counting each unit. */
export const cartCount = (cart: Cart | null): number => cart?.lines.reduce((sum, line) => sum + line.quantity, 0) ?? 0;

/** Price of one line in minor units. */
export const lineTotal = (line: CartLine): number => line.price * line.quantity;

/** What the cart costs at the menu's prices, in minor units. */
export const cartTotal = (cart: Cart | null): number => cart?.lines.reduce((sum, line) => sum + lineTotal(line), 0) ?? 0;

/** The cart as the order API takes it: menu item ids, quantities and the choices' ids only. */
export const orderItemsOf = (cart: Cart): OrderCartLine[] =>
  cart.lines.map(({ menuItemId, quantity, choiceIds }) => ({ menuItemId, quantity, choiceIds }));

/** A stored or handed-over cart, or null when there is none or it is not a cart (edited by hand, say). */
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
