import { describe, expect, it } from 'vitest';
import { lineKey } from './cart.js';
import { createCartStore, type CartStorage } from './cartStore.js';

const osu = { id: 'r-osu', name: 'Osu Chop Bar', currencySymbol: 'GH₵' };
const jollof = { menuItemId: 'm-jollof', name: 'Jollof Rice', price: 4500, choiceIds: [], choices: [] };

/** One localStorage shared by several tabs' stores. */
function sharedStorage(initial: string | null = null) {
  let value = initial;
  const storage: CartStorage = {
    read: () => value,
    write: (next) => {
      value = next;
    },
  };
  return { storage, stored: () => value };
}

describe('createCartStore', () => {
  it('writes every change to storage and clears it when the cart empties', () => {
    const { storage, stored } = sharedStorage();
    const store = createCartStore(storage);
    store.dispatch({ type: 'add', restaurant: osu, item: jollof });
    expect(JSON.parse(stored()!)).toEqual({ restaurant: osu, lines: [{ ...jollof, quantity: 1 }] });

    store.dispatch({ type: 'decrease', key: lineKey(jollof) });
    expect(stored()).toBeNull();
  });

  it('finds the cart left by an earlier visit (a reload)', () => {
    const { storage } = sharedStorage();
    createCartStore(storage).dispatch({ type: 'add', restaurant: osu, item: jollof });
    expect(createCartStore(storage).get()?.lines).toEqual([{ ...jollof, quantity: 1 }]);
  });

  it('finds a cart stored before dishes had choices, its lines without choices', () => {
    const old = JSON.stringify({
      restaurant: osu,
      lines: [{ menuItemId: 'm-jollof', name: 'Jollof Rice', price: 4500, quantity: 3 }],
    });
    expect(createCartStore(sharedStorage(old).storage).get()?.lines).toEqual([{ ...jollof, quantity: 3 }]);
  });

  it('treats unreadable storage as an empty cart', () => {
    expect(createCartStore(sharedStorage('{broken').storage).get()).toBeNull();
    expect(createCartStore(sharedStorage('{"lines":[]}').storage).get()).toBeNull();
  });

  it('returns the same cart object until something changes, and tells subscribers about each change', () => {
    const store = createCartStore(sharedStorage().storage);
    let notified = 0;
    const unsubscribe = store.subscribe(() => (notified += 1));
    store.dispatch({ type: 'add', restaurant: osu, item: jollof });
    const first = store.get();
    expect(store.get()).toBe(first);

    store.dispatch({ type: 'increase', key: 'not-in-cart' });
    unsubscribe();
    store.dispatch({ type: 'clear' });
    expect(notified).toBe(2);
  });

  it("picks up another tab's change on reload", () => {
    const { storage } = sharedStorage();
    const thisTab = createCartStore(storage);
    const otherTab = createCartStore(storage);
    expect(thisTab.get()).toBeNull();

    otherTab.dispatch({ type: 'add', restaurant: osu, item: jollof });
    let notified = false;
    thisTab.subscribe(() => (notified = true));
    thisTab.reload();
    expect(notified).toBe(true);
    expect(thisTab.get()?.restaurant).toEqual(osu);
  });

  it('keeps the cart for this tab when storage refuses to write', () => {
    const store = createCartStore({
      read: () => null,
      write: () => {
        throw new Error('QuotaExceededError');
      },
    });
    store.dispatch({ type: 'add', restaurant: osu, item: jollof });
    expect(store.get()?.lines).toHaveLength(1);
  });
});
