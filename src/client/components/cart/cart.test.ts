import { describe, expect, it } from 'vitest';
import { MAX_ITEM_QUANTITY } from '@shared/orders/schemas.js';
import {
  cartCount,
  cartFromLocationState,
  cartReducer,
  cartTotal,
  holdsOtherRestaurant,
  lineKey,
  orderItemsOf,
  parseCart,
  quantityOf,
  type Cart,
  type CartAction,
} from './cart.js';
import { lineName } from '@shared/menu/options.js';

const osu = { id: 'r-osu', name: 'Osu Chop Bar', currencySymbol: 'GH₵' };
const lagos = { id: 'r-lagos', name: 'Mama Put Lagos', currencySymbol: '₦' };
const jollof = { menuItemId: 'm-jollof', name: 'Jollof Rice', price: 4500, choiceIds: [], choices: [] };
const kelewele = { menuItemId: 'm-kelewele', name: 'Kelewele', price: 1550, choiceIds: [], choices: [] };
const suya = { menuItemId: 'm-suya', name: 'Suya', price: 300_000, choiceIds: [], choices: [] };
/** Jollof with Fish (+5.00) and Shito (+1.00), and with Chicken: two lines of one dish. */
const fish = { group: 'Protein', name: 'Fish', priceDelta: 500 };
const shito = { group: 'Extras', name: 'Shito', priceDelta: 100 };
const jollofFishShito = { ...jollof, price: 5100, choiceIds: ['c-fish', 'c-shito'], choices: [fish, shito] };
const jollofChicken = { ...jollof, choiceIds: ['c-chicken'], choices: [{ group: 'Protein', name: 'Chicken', priceDelta: 0 }] };

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
      { type: 'increase', key: lineKey(kelewele) },
    );
    expect(quantityOf(cart, kelewele.menuItemId)).toBe(2);

    const withoutJollof = cartReducer(cart, { type: 'decrease', key: lineKey(jollof) });
    expect(withoutJollof?.lines.map((line) => line.menuItemId)).toEqual([kelewele.menuItemId]);

    const emptied = [1, 2].reduce<Cart | null>(
      (current) => cartReducer(current, { type: 'decrease', key: lineKey(kelewele) }),
      withoutJollof,
    );
    expect(emptied).toBeNull();
  });

  it(`never lets a quantity go above ${MAX_ITEM_QUANTITY}, the most the order API accepts`, () => {
    let cart = run({ type: 'add', restaurant: osu, item: jollof });
    for (let i = 0; i < MAX_ITEM_QUANTITY + 5; i += 1) cart = cartReducer(cart, { type: 'increase', key: lineKey(jollof) });
    expect(quantityOf(cart, jollof.menuItemId)).toBe(MAX_ITEM_QUANTITY);
  });

  it('removes a line outright and clears the cart', () => {
    const cart = run(
      { type: 'add', restaurant: osu, item: jollof },
      { type: 'increase', key: lineKey(jollof) },
      { type: 'add', restaurant: osu, item: kelewele },
    );
    expect(cartReducer(cart, { type: 'remove', key: lineKey(jollof) })?.lines).toEqual([{ ...kelewele, quantity: 1 }]);
    expect(cartReducer(cart, { type: 'clear' })).toBeNull();
  });

  it('restores a removed line at its old place and quantity, even after the cart emptied or the dish was added again', () => {
    const cart = run(
      { type: 'add', restaurant: osu, item: jollof },
      { type: 'add', restaurant: osu, item: kelewele },
      { type: 'increase', key: lineKey(jollof) },
    );
    const removed = { ...jollof, quantity: 2 };
    const restore = { type: 'restore', restaurant: osu, line: removed, index: 0 } as const;
    const withoutJollof = cartReducer(cart, { type: 'remove', key: lineKey(jollof) });
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
    expect(run({ type: 'increase', key: lineKey(jollof) })).toBeNull();
    expect(run({ type: 'decrease', key: lineKey(jollof) })).toBeNull();
  });
});

describe('a dish with choices', () => {
  it('is a second line with other choices, and adds to the quantity of the line with the same choices', () => {
    const cart = run(
      { type: 'add', restaurant: osu, item: jollofFishShito },
      { type: 'add', restaurant: osu, item: jollofChicken },
      { type: 'add', restaurant: osu, item: { ...jollofFishShito, choiceIds: ['c-shito', 'c-fish'] } },
      { type: 'add', restaurant: osu, item: jollof },
    );
    expect(cart?.lines).toEqual([
      { ...jollofFishShito, quantity: 2 },
      { ...jollofChicken, quantity: 1 },
      { ...jollof, quantity: 1 },
    ]);
    expect(quantityOf(cart, jollof.menuItemId)).toBe(4);
    expect(cartTotal(cart)).toBe(2 * 5100 + 4500 + 4500);
  });

  it('changes, removes and restores only the line named by its key', () => {
    const cart = run(
      { type: 'add', restaurant: osu, item: jollofFishShito },
      { type: 'add', restaurant: osu, item: jollofChicken },
      { type: 'increase', key: lineKey(jollofChicken) },
    );
    expect(cart?.lines.map((line) => line.quantity)).toEqual([1, 2]);

    const withoutFish = cartReducer(cart, { type: 'remove', key: lineKey(jollofFishShito) });
    expect(withoutFish?.lines).toEqual([{ ...jollofChicken, quantity: 2 }]);
    expect(
      cartReducer(withoutFish, { type: 'restore', restaurant: osu, line: { ...jollofFishShito, quantity: 1 }, index: 0 }),
    ).toEqual(cart);
    expect(cartReducer(cart, { type: 'decrease', key: lineKey(jollof) })).toEqual(cart);
  });

  it('is named with its choices, so two lines of one dish can be told apart', () => {
    expect(lineName(jollofFishShito)).toBe('Jollof Rice (Fish, Shito)');
    expect(lineName(jollof)).toBe('Jollof Rice');
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

  it("hands the order API only item ids, quantities and the choices' ids, never prices", () => {
    const withChoices = cartReducer(cart, { type: 'add', restaurant: osu, item: jollofFishShito });
    expect(orderItemsOf(withChoices!)).toEqual([
      { menuItemId: jollof.menuItemId, quantity: 2, choiceIds: [] },
      { menuItemId: kelewele.menuItemId, quantity: 1, choiceIds: [] },
      { menuItemId: jollof.menuItemId, quantity: 1, choiceIds: ['c-fish', 'c-shito'] },
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

  it('reads a cart stored before dishes had choices as lines without choices', () => {
    const stored = { restaurant: osu, lines: [{ menuItemId: 'm-jollof', name: 'Jollof Rice', price: 4500, quantity: 2 }] };
    expect(parseCart(JSON.parse(JSON.stringify(stored)))).toEqual({ restaurant: osu, lines: [{ ...jollof, quantity: 2 }] });
  });

  it('refuses anything that is not a whole, sane cart', () => {
    expect(parseCart(null)).toBeNull();
    expect(parseCart({ restaurant: osu, lines: [] })).toBeNull();
    expect(parseCart({ restaurant: osu, lines: [{ ...jollof, quantity: 0 }] })).toBeNull();
    expect(parseCart({ restaurant: osu, lines: [{ ...jollof, price: 45.5, quantity: 1 }] })).toBeNull();
    expect(parseCart({ restaurant: osu, lines: [{ ...jollof, quantity: 1, choices: [{ name: 'Fish' }] }] })).toBeNull();
    expect(cartFromLocationState(undefined)).toBeNull();
    expect(cartFromLocationState({ basket: cart })).toBeNull();
  });
});
