import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { OPTION_MESSAGES, type OptionGroup } from '@shared/menu/options.js';
import { CHECKOUT_MESSAGES, type OrderView } from '@shared/orders/schemas.js';
import type { CardIntentView } from '@shared/payments/schemas.js';
import { menuItems, orderItems, orders } from '../../db/schema.js';
import { cardScene } from '../../payments/testCard.js';
import { createUser, type TestUser } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { paystackTestConfig, usePaystackStandIn } from '../../test/paystack.js';
import { openRestaurant, sendCashCart, TEST_DELIVERY_PIN } from '../testOrders.js';

/** The jollof: Protein, required, choose one (Chicken, Fish +5.00, Beef +5.00); Extras, up to two (Shito +1.00, Egg +2.00). */
const JOLLOF_FORM = {
  name: 'Jollof',
  description: '',
  price: '40.00',
  category: 'Mains',
  imageUrl: '',
  isAvailable: true,
  optionGroups: [
    {
      name: 'Protein',
      minChoices: '1',
      maxChoices: '1',
      choices: [
        { name: 'Chicken', priceDelta: '', isAvailable: true },
        { name: 'Fish', priceDelta: '5.00', isAvailable: true },
        { name: 'Beef', priceDelta: '5.00', isAvailable: true },
      ],
    },
    {
      name: 'Extras',
      minChoices: 0,
      maxChoices: 2,
      choices: [
        { name: 'Shito', priceDelta: '1.00', isAvailable: true },
        { name: 'Egg', priceDelta: '2', isAvailable: true },
        { name: 'Wele', priceDelta: '3.00', isAvailable: true },
      ],
    },
  ],
};

describe('dishes with choices', () => {
  const paystack = usePaystackStandIn();
  const t = useTestApp(() => ({ ...paystackTestConfig(paystack), RATE_LIMIT_DISABLED: 'true' }));
  const card = cardScene(t);

  const menuItemsUrl = (restaurantId: string) => `/api/restaurants/${restaurantId}/menu-items`;

  /** A kitchen whose owner added JOLLOF_FORM through the API; its groups as stored, with their ids. */
  async function jollofKitchen() {
    const kitchen = await openRestaurant(t);
    const res = await t.app.inject({
      method: 'POST',
      url: menuItemsUrl(kitchen.restaurant.id),
      headers: kitchen.owner.authHeader,
      payload: JOLLOF_FORM,
    });
    expect(res.statusCode, res.body).toBe(201);
    const jollof = res.json<{ id: string; optionGroups: OptionGroup[] }>();
    const choice = (name: string) => jollof.optionGroups.flatMap((group) => group.choices).find((c) => c.name === name)!.id;
    return { ...kitchen, jollof, choice, customer: await createUser(t, { role: 'customer' }) };
  }

  const checkout = (customer: TestUser, restaurantId: string, items: object[]) =>
    sendCashCart(t.app, customer, restaurantId, items);

  const rowCounts = async () => ({
    orders: (await t.app.db.select({ n: count() }).from(orders))[0]?.n,
    lines: (await t.app.db.select({ n: count() }).from(orderItems))[0]?.n,
  });

  it('stores the groups with an id for each group and choice, price changes in minor units, and serves them on the public menu', async () => {
    const { restaurant, jollof } = await jollofKitchen();
    expect(jollof.optionGroups).toEqual([
      {
        id: expect.any(String),
        name: 'Protein',
        minChoices: 1,
        maxChoices: 1,
        choices: [
          { id: expect.any(String), name: 'Chicken', priceDelta: 0, isAvailable: true },
          { id: expect.any(String), name: 'Fish', priceDelta: 500, isAvailable: true },
          { id: expect.any(String), name: 'Beef', priceDelta: 500, isAvailable: true },
        ],
      },
      expect.objectContaining({ name: 'Extras', minChoices: 0, maxChoices: 2 }),
    ]);
    const menu = await t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurant.id}/menu` });
    expect(menu.json()[1]).toMatchObject({ name: 'Jollof', optionGroups: jollof.optionGroups });
  });

  it('keeps the ids of groups and choices an edit sends back, so carts holding them still order', async () => {
    const { owner, restaurant, jollof } = await jollofKitchen();
    const [protein] = jollof.optionGroups;
    const edited = {
      ...JOLLOF_FORM,
      optionGroups: [{ ...protein, choices: protein!.choices.map((c) => ({ ...c, priceDelta: '6.00' })) }],
    };
    const res = await t.app.inject({
      method: 'PUT',
      url: `${menuItemsUrl(restaurant.id)}/${jollof.id}`,
      headers: owner.authHeader,
      payload: edited,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().optionGroups).toEqual([{ ...protein, choices: protein!.choices.map((c) => ({ ...c, priceDelta: 600 })) }]);
  });

  it.each([
    ['the least above the most', { minChoices: '2', maxChoices: '1' }, OPTION_MESSAGES.minOverMax],
    ['the most above the choices offered', { minChoices: '0', maxChoices: '4' }, OPTION_MESSAGES.maxOverChoices],
    ['no choices', { choices: [] }, OPTION_MESSAGES.noChoices],
    ['a negative price change', { choices: [{ name: 'Fish', priceDelta: '-5.00' }] }, 'Price cannot be negative'],
    ['a nameless group', { name: ' ' }, OPTION_MESSAGES.groupName],
    ['a NUL in a name', { name: 'Pro\u0000tein' }, 'NUL'],
    ['a count that is not a number', { maxChoices: 'two' }, OPTION_MESSAGES.count],
  ])('refuses a group with %s, with a clear message, and stores nothing', async (_case, fields, message) => {
    const { owner, restaurant } = await openRestaurant(t);
    const group = { ...JOLLOF_FORM.optionGroups[0], ...fields };
    const res = await t.app.inject({
      method: 'POST',
      url: menuItemsUrl(restaurant.id),
      headers: owner.authHeader,
      payload: { ...JOLLOF_FORM, optionGroups: [group] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect(await t.app.db.select().from(menuItems).where(eq(menuItems.name, 'Jollof'))).toEqual([]);
  });

  it('prices the choices on the server, ignores prices the browser sends, and keeps names and prices on the order line that My Orders, the board, sales and support read', async () => {
    const { restaurant, jollof, choice, customer, owner } = await jollofKitchen();
    const res = await checkout(customer, restaurant.id, [
      { menuItemId: jollof.id, quantity: 2, choiceIds: [choice('Egg'), choice('Fish')], price: 1 },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json<OrderView>();
    expect(order.subtotalAmount).toBe(2 * (4000 + 500 + 200));
    expect(order.items).toEqual([
      {
        menuItemId: expect.any(String),
        name: 'Jollof',
        quantity: 2,
        price: 4700,
        choices: [
          { group: 'Protein', name: 'Fish', priceDelta: 500 },
          { group: 'Extras', name: 'Egg', priceDelta: 200 },
        ],
      },
    ]);

    const board = await t.app.inject({
      method: 'GET',
      url: `/api/restaurants/${restaurant.id}/orders`,
      headers: owner.authHeader,
    });
    expect(board.json().items[0].items[0].choices).toEqual(order.items[0]!.choices);
    const mine = await t.app.inject({ method: 'GET', url: '/api/orders/mine', headers: customer.authHeader });
    expect(mine.json().items[0].items).toEqual(order.items);
    const sales = await t.app.inject({
      method: 'GET',
      url: `/api/restaurants/${restaurant.id}/transactions`,
      headers: owner.authHeader,
    });
    expect(sales.json().items[0].items).toEqual(order.items);
    const admin = await createUser(t, { role: 'admin' });
    const support = await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: admin.authHeader });
    expect(support.json().items[0].items).toEqual(order.items);
  });

  it('makes the same dish with other choices another line, and refuses the same choices twice', async () => {
    const { restaurant, jollof, choice, customer } = await jollofKitchen();
    const jollofId = jollof.id;
    const twoWays = await checkout(customer, restaurant.id, [
      { menuItemId: jollofId, quantity: 1, choiceIds: [choice('Chicken')] },
      { menuItemId: jollofId, quantity: 1, choiceIds: [choice('Beef'), choice('Shito')] },
    ]);
    expect(twoWays.statusCode, twoWays.body).toBe(201);
    expect(twoWays.json().subtotalAmount).toBe(4000 + 4600);

    const again = await checkout(customer, restaurant.id, [
      { menuItemId: jollofId, quantity: 1, choiceIds: [choice('Shito'), choice('Beef')] },
      { menuItemId: jollofId, quantity: 1, choiceIds: [choice('Beef'), choice('Shito')] },
    ]);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toContain(CHECKOUT_MESSAGES.duplicateItem);
  });

  it('answers the same checkout id with other choices 409, and with the same choices in another order the first order', async () => {
    const { restaurant, jollof, choice, customer } = await jollofKitchen();
    const orderId = randomUUID();
    const send = (lines: string[][]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: customer.authHeader,
        payload: {
          orderId,
          restaurantId: restaurant.id,
          items: lines.map((choiceIds) => ({ menuItemId: jollof.id, quantity: 1, choiceIds })),
          deliveryAddress: '7 Spintex Road, Accra',
          deliveryPhone: '+233 24 555 0102',
          ...TEST_DELIVERY_PIN,
          paymentMethod: 'cash',
        },
      });
    const first = await send([[choice('Chicken')], [choice('Beef'), choice('Shito')]]);
    expect(first.statusCode, first.body).toBe(201);

    for (const other of [
      [[choice('Fish')], [choice('Beef'), choice('Shito')]],
      [[choice('Chicken')], [choice('Beef'), choice('Egg')]],
      [[choice('Chicken'), choice('Shito')], [choice('Beef')]],
    ]) {
      const res = await send(other);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(CHECKOUT_MESSAGES.checkoutIdReused);
    }
    const replayed = await send([[choice('Shito'), choice('Beef')], [choice('Chicken')]]);
    expect(replayed.statusCode).toBe(201);
    expect(replayed.json()).toMatchObject({ id: orderId, subtotalAmount: first.json().subtotalAmount });
    expect(await rowCounts()).toEqual({ orders: 1, lines: 2 });
  });

  it.each([
    ['no protein', (c: (name: string) => string) => [c('Shito')], 'Choose one for Protein'],
    ['two proteins', (c: (name: string) => string) => [c('Fish'), c('Beef')], 'Choose one for Protein'],
    [
      'three extras',
      (c: (name: string) => string) => [c('Fish'), c('Shito'), c('Egg'), c('Wele')],
      'Choose at most 2 for Extras',
    ],
    ['a choice of another dish', () => [randomUUID()], OPTION_MESSAGES.notOffered('Jollof')],
  ])('refuses %s with the rule in words, writing nothing', async (_case, picks, message) => {
    const { restaurant, jollof, choice, customer } = await jollofKitchen();
    const res = await checkout(customer, restaurant.id, [{ menuItemId: jollof.id, quantity: 1, choiceIds: picks(choice) }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(message);
    expect(await rowCounts()).toEqual({ orders: 0, lines: 0 });
  });

  it('refuses a choice marked unavailable, naming it, and the same id twice in a line', async () => {
    const { owner, restaurant, jollof, choice, customer } = await jollofKitchen();
    const optionGroups = jollof.optionGroups.map((group) => ({
      ...group,
      choices: group.choices.map((c) => ({ ...c, priceDelta: String(c.priceDelta / 100), isAvailable: c.name !== 'Fish' })),
    }));
    const put = await t.app.inject({
      method: 'PUT',
      url: `${menuItemsUrl(restaurant.id)}/${jollof.id}`,
      headers: owner.authHeader,
      payload: { ...JOLLOF_FORM, optionGroups },
    });
    expect(put.statusCode, put.body).toBe(200);

    const soldOut = await checkout(customer, restaurant.id, [
      { menuItemId: jollof.id, quantity: 1, choiceIds: [choice('Fish')] },
    ]);
    expect(soldOut.statusCode).toBe(422);
    expect(soldOut.json().error.message).toBe(OPTION_MESSAGES.soldOut('Jollof', 'Fish'));

    const twice = await checkout(customer, restaurant.id, [
      { menuItemId: jollof.id, quantity: 1, choiceIds: [choice('Beef'), choice('Beef').toUpperCase()] },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toContain(OPTION_MESSAGES.duplicateChoice);
    expect(await rowCounts()).toEqual({ orders: 0, lines: 0 });
  });

  it('a card payment keeps the choices priced when its intent was made, and is refunded naming the dish and choice gone meanwhile', async () => {
    const { owner, restaurant, jollof, choice, customer } = await jollofKitchen();
    const items = [{ menuItemId: jollof.id, quantity: 1, choiceIds: [choice('Fish')] }];
    const kept = await card.startIntent(customer, card.cart(restaurant.id, items, TEST_DELIVERY_PIN));
    expect(kept.statusCode, kept.body).toBe(201);
    expect(kept.json<CardIntentView>().amount).toBe(4500);
    const gone = await card.startIntent(customer, card.cart(restaurant.id, items, TEST_DELIVERY_PIN));

    const dearerFish = jollof.optionGroups.map((group) => ({
      ...group,
      choices: group.choices.map((c) => ({ ...c, priceDelta: c.name === 'Fish' ? '9.00' : String(c.priceDelta / 100) })),
    }));
    const edit = (optionGroups: object[]) =>
      t.app.inject({
        method: 'PUT',
        url: `${menuItemsUrl(restaurant.id)}/${jollof.id}`,
        headers: owner.authHeader,
        payload: { ...JOLLOF_FORM, optionGroups },
      });
    expect((await edit(dearerFish)).statusCode).toBe(200);
    paystack.pay(kept.json<CardIntentView>().reference);
    const paid = await card.verify(customer, kept.json<CardIntentView>().reference);
    expect(paid.statusCode, paid.body).toBe(200);
    const [line] = await t.app.db.select().from(orderItems).where(eq(orderItems.orderId, paid.json().id));
    expect(line).toMatchObject({ price: 4500, choices: [{ group: 'Protein', name: 'Fish', priceDelta: 500 }] });

    const noFish = dearerFish.map((group) => ({
      ...group,
      choices: group.choices.map((c) => ({ ...c, isAvailable: c.name !== 'Fish' })),
    }));
    expect((await edit(noFish)).statusCode).toBe(200);
    paystack.pay(gone.json<CardIntentView>().reference);
    const refused = await card.verify(customer, gone.json<CardIntentView>().reference);
    expect(refused.json().error.message).toBe(
      'Payment verification failed: Jollof (Fish) can no longer be ordered. Your payment will be refunded.',
    );
    await vi.waitFor(() =>
      expect(paystack.refunds).toEqual([{ transaction: gone.json<CardIntentView>().reference, amount: 4500 }]),
    );
  });
});
