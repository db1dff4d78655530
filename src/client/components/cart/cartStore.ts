import { cartReducer, parseCart, type Cart, type CartAction } from './cart.js';

/** Where the cart is kept between visits; every tab of the app shares it. */
export interface CartStorage {
  read(): string | null;
  write(value: string | null): void;
}

// get and subscribe are properties, not methods: useSyncExternalStore receives them detached from the store.
export interface CartStore {
  get: () => Cart | null;
  dispatch(action: CartAction): void;
  /** Adopts a cart handed over some other way (e.g. through a page's history state). */
  set(cart: Cart | null): void;
  /** Another tab wrote the cart: read it again and tell the subscribers. */
  reload(): void;
  subscribe: (listener: () => void) => () => void;
}

function readCart(storage: CartStorage): Cart | null {
  try {
    const raw = storage.read();
    return raw ? parseCart(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

/**
 * The cart and its listeners. get() returns the same object until the cart changes, as
 * useSyncExternalStore requires. A cart that cannot be stored (full or blocked storage, private
 * mode) still lives for this tab.
 */
export function createCartStore(storage: CartStorage): CartStore {
  const listeners = new Set<() => void>();
  let current: Cart | null | undefined;

  const notify = () => {
    for (const listener of listeners) listener();
  };

  const store: CartStore = {
    get() {
      if (current === undefined) current = readCart(storage);
      return current;
    },

    dispatch(action) {
      store.set(cartReducer(store.get(), action));
    },

    set(cart) {
      if (cart === store.get()) return;
      current = cart;
      try {
        storage.write(cart ? JSON.stringify(cart) : null);
      } catch {
        // Keep the cart in memory for this tab.
      }
      notify();
    },

    reload() {
      current = readCart(storage);
      notify();
    },

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
  return store;
}
