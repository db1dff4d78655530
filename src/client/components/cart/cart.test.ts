import { describe, expect, it } from 'vitest';
import { MAX_ITEM_QUANTITY } from '@shared/orders/schemas.js';
import {
  cartCount,
  cartFromLocationState,
  cartReducer,
  cartTotal,
  holdsOtherRestaurant,
  orderItemsOf,
  parseCart,
  quantityOf,
  type Cart,
  type CartAction,
} from './cart.js';

const osu = { id: 'r-osu', name: 'Osu Chop Bar', currencySymbol: 'GH₵' };
const lagos = { id: 'r-lagos', name: 'Mama Put Lagos', currencySymbol: '₦' };
const jollof = { menuItemId: 'm-jollof', name: 'Jollof Rice', price: 4500 };
const kelewele = { menuItemId: 'm-kelewele', name: 'Kelewele', price: 1550 };
const suya = { menuItemId: 'm-suya', name: 'Suya', price: 300_000 };

const run = (...actions: CartAction[]) => actions.reduce<Cart | null>(cartReducer, null);

describe('cartReducer', () => {
  it('starts a cart with the first item added, at quantity 1', () => {
    expect(run({ type: 'add', restaurant: osu, item: jollof })).toEqual({
      restaurant: osu,
      lines: [{ ...jollof, quantity: 1 }],
    });
  });

  it('counts the same item added twice on one line and new items on new lines, in the order added', () => {
    const cart = run(
      { type: 'add', restaurant: osu, item: jollof },
      { type: 'add', restaurant: osu, item: kelewele },
      { type: 'add', restaurant: osu, item: jollof },
    );
    expect(cart?.lines).toEqual([
      { ...jollof, quantity: 2 },
      { ...kelewele, quantity: 1 },
    ]);
  });

  it('leaves a cart from another restaurant untouched when an item is added without replacing', () => {
    const cart = run({ type: 'add', restaurant: osu, item: jollof });
    expect(cartReducer(cart, { type: 'add', restaurant: lagos, item: suya })).toBe(cart);
  });

  it('replaces the whole cart with the new restaurant and item when asked to', () => {
    const cart = run(
      { type: 'add', restaurant: osu, item: jollof },
      { type: 'add', restaurant: osu, item: kelewele },
      { type: 'replace', restaurant: lagos, item: suya },
    );
    expect(cart).toEqual({ restaurant: lagos, lines: [{ ...suya, quantity: 1 }] });
  });

  it('increases and decreases a line, dropping it at zero and emptying the cart with its last line', () => {
    const cart = run(
      { type: 'add', restaurant: osu, item: jollof },
      { type: 'add', restaurant: osu, item: kelewele },
      { type: 'increase', menuItemId: kelewele.menuItemId },
    );
    expect(quantityOf(cart, kelewele.menuItemId)).toBe(2);

    const withoutJollof = cartReducer(cart, { type: 'decrease', menuItemId: jollof.menuItemId });
    expect(withoutJollof?.lines.map((line) => line.menuItemId)).toEqual([kelewele.menuItemId]);

    const emptied = [1, 2].reduce<Cart | null>(
      (current) => cartReducer(current, { type: 'decrease', menuItemId: kelewele.menuItemId }),
      withoutJollof,
    );
    expect(emptied).toBeNull();
  });

  it(`never lets a quantity go above ${MAX_ITEM_QUANTITY}, the most the order API accepts`, () => {
    let cart = run({ type: 'add', restaurant: osu, item: jollof });
    for (let i = 0; i < MAX_ITEM_QUANTITY + 5; i += 1)
      cart = cartReducer(cart, { type: 'increase', menuItemId: jollof.menuItemId });
    expect(quantityOf(cart, jollof.menuItemId)).toBe(MAX_ITEM_QUANTITY);
  });

  it('removes a line outright and clears the cart', () => {
    const cart = run(
      { type: 'add', restaurant: osu, item: jollof },
      { type: 'increase', menuItemId: jollof.menuItemId },
      { type: 'add', restaurant: osu, item: kelewele },
    );
    expect(cartReducer(cart, { type: 'remove', menuItemId: jollof.menuItemId })?.lines).toEqual([{ ...kelewele, quantity: 1 }]);
    expect(cartReducer(cart, { type: 'clear' })).toBeNull();
  });

  it('restores a removed line at its old place and quantity, even after the cart emptied or the dish was added again', () => {
    const cart = run(
      { type: 'add', restaurant: osu, item: jollof },
      { type: 'add', restaurant: osu, item: kelewele },
      { type: 'increase', menuItemId: jollof.menuItemId },
    );
    const removed = { ...jollof, quantity: 2 };
    const restore = { type: 'restore', restaurant: osu, line: removed, index: 0 } as const;
    const withoutJollof = cartReducer(cart, { type: 'remove', menuItemId: jollof.menuItemId });
    expect(cartReducer(withoutJollof, restore)).toEqual(cart);

    const readded = cartReducer(withoutJollof, { type: 'add', restaurant: osu, item: jollof });
    expect(cartReducer(readded, restore)).toEqual(cart);
    expect(cartReducer(null, restore)).toEqual({ restaurant: osu, lines: [removed] });
  });

  it("restores nothing into another restaurant's cart", () => {
    const cart = run({ type: 'add', restaurant: lagos, item: suya });
    expect(cartReducer(cart, { type: 'restore', restaurant: osu, line: { ...jollof, quantity: 1 }, index: 0 })).toBe(cart);
  });

  it('does nothing to an empty cart asked to change a quantity', () => {
    expect(run({ type: 'increase', menuItemId: jollof.menuItemId })).toBeNull();
    expect(run({ type: 'decrease', menuItemId: jollof.menuItemId })).toBeNull();
  });
});

describe('cart totals', () => {
  const cart = run(
    { type: 'add', restaurant: osu, item: jollof },
    { type: 'add', restaurant: osu, item: jollof },
    { type: 'add', restaurant: osu, item: kelewele },
  );

  it('counts every unit and adds up line prices in minor units', () => {
    expect(cartCount(cart)).toBe(3);
    expect(cartTotal(cart)).toBe(2 * 4500 + 1550);
  });

  it('is zero for an empty cart', () => {
    expect(cartCount(null)).toBe(0);
    expect(cartTotal(null)).toBe(0);
  });

  it('hands the order API only item ids and quantities, never prices', () => {
    expect(orderItemsOf(cart!)).toEqual([
      { menuItemId: jollof.menuItemId, quantity: 2 },
      { menuItemId: kelewele.menuItemId, quantity: 1 },
    ]);
  });
});

describe('holdsOtherRestaurant', () => {
  it('is true only when a non-empty cart belongs to another restaurant', () => {
    const cart = run({ type: 'add', restaurant: osu, item: jollof });
    expect(holdsOtherRestaurant(cart, lagos.id)).toBe(true);
    expect(holdsOtherRestaurant(cart, osu.id)).toBe(false);
    expect(holdsOtherRestaurant(null, lagos.id)).toBe(false);
  });
});

describe('parseCart and cartFromLocationState', () => {
  const cart = run({ type: 'add', restaurant: osu, item: jollof })!;

  it('reads back a cart written by the app and one carried in history state', () => {
    expect(parseCart(JSON.parse(JSON.stringify(cart)))).toEqual(cart);
    expect(cartFromLocationState({ cart })).toEqual(cart);
  });

  it('refuses anything that is not a whole, sane cart', () => {
    expect(parseCart(null)).toBeNull();
    expect(parseCart({ restaurant: osu, lines: [] })).toBeNull();
    expect(parseCart({ restaurant: osu, lines: [{ ...jollof, quantity: 0 }] })).toBeNull();
    expect(parseCart({ restaurant: osu, lines: [{ ...jollof, price: 45.5, quantity: 1 }] })).toBeNull();
    expect(cartFromLocationState(undefined)).toBeNull();
    expect(cartFromLocationState({ basket: cart })).toBeNull();
  });
});
