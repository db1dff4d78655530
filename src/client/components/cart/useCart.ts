import { useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { lineName } from '@shared/menu/options.js';
import { lineKey, type Cart, type CartAction, type CartItem, type CartRestaurant } from './cart.js';
import { createCartStore } from './cartStore.js';

const STORAGE_KEY = 'chopchop.cart';

/** The browser's cart: kept in localStorage, so it survives reloads and is the same in every tab. */
export const cartStore = createCartStore({
  read: () => localStorage.getItem(STORAGE_KEY),
  write: (value) => (value === null ? localStorage.removeItem(STORAGE_KEY) : localStorage.setItem(STORAGE_KEY, value)),
});

// No window when the page is prerendered at build time.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY || event.key === null) cartStore.reload();
  });
}

/** Time to reach Undo: longer than a plain toast's 4 s, since a thumb has to travel to it (WCAG 2.2.1). */
const UNDO_MS = 10_000;

/** Applies an action that may take a line out of the cart, and offers to undo that for a few seconds. */
function dispatchUndoable(action: CartAction & { key: string }) {
  const before = cartStore.get();
  cartStore.dispatch(action);
  const index = before?.lines.findIndex((line) => lineKey(line) === action.key) ?? -1;
  const line = before?.lines[index];
  if (!before || !line || cartStore.get()?.lines.some((kept) => lineKey(kept) === action.key)) return;
  toast(`Removed ${lineName(line)} from cart`, {
    duration: UNDO_MS,
    action: {
      label: 'Undo',
      onClick: () => cartStore.dispatch({ type: 'restore', restaurant: before.restaurant, line, index }),
    },
  });
}

const actions = {
  add: (restaurant: CartRestaurant, item: CartItem) => cartStore.dispatch({ type: 'add', restaurant, item }),
  /** Empties a cart from another restaurant and starts a new one with this item. */
  replace: (restaurant: CartRestaurant, item: CartItem) => cartStore.dispatch({ type: 'replace', restaurant, item }),
  /** `key`: the line's lineKey. */
  increase: (key: string) => cartStore.dispatch({ type: 'increase', key }),
  decrease: (key: string) => dispatchUndoable({ type: 'decrease', key }),
  clear: () => cartStore.dispatch({ type: 'clear' }),
  adopt: (cart: Cart) => cartStore.set(cart),
};

export type CartActions = typeof actions;

/** The current cart (null when empty) and what can be done to it. */
export function useCart(): { cart: Cart | null } & CartActions {
  const cart = useSyncExternalStore(cartStore.subscribe, cartStore.get, () => null);
  return { cart, ...actions };
}
