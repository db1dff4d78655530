import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OPTION_MESSAGES, type OptionGroup } from '@shared/menu/options.js';
import { CHECKOUT_MESSAGES, type OrderView } from '@shared/orders/schemas.js';
import { menuItems, orders } from '../../db/schema.js';
import { insertMenuItem } from '../../restaurants/testFixtures.js';
import { createUser } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { openRestaurant, sendCashCart } from '../testOrders.js';

/** Protein, required, one of Chicken or Fish +5.00. */
const protein = (): OptionGroup[] => [
  {
    id: randomUUID(),
    name: 'Protein',
    minChoices: 1,
    maxChoices: 1,
    choices: [
      { id: randomUUID(), name: 'Chicken', priceDelta: 0, isAvailable: true },
      { id: randomUUID(), name: 'Fish', priceDelta: 500, isAvailable: true },
    ],
  },
];

describe('a cash checkout priced from the menu kept with the kitchen', () => {
  const t = useTestApp(() => ({ RATE_LIMIT_DISABLED: 'true' }));

  async function scene() {
    const kitchen = await openRestaurant(t);
    const groups = protein();
    const jollof = await insertMenuItem(t.app.db, {
      restaurantId: kitchen.restaurant.id,
      name: 'Jollof',
      price: 4000,
      optionGroups: groups,
    });
    const customer = await createUser(t, { role: 'customer' });
    const fish = groups[0]!.choices[1]!.id;
    const order = (items: object[]) => sendCashCart(t.app, customer, kitchen.restaurant.id, items);
    const waakye = (quantity = 1) => order([{ menuItemId: kitchen.dish.id, quantity }]);
    const jollofWithFish = () => order([{ menuItemId: jollof.id, quantity: 1, choiceIds: [fish] }]);
    // A first order keeps the kitchen and its menu on this instance.
    expect((await waakye()).statusCode).toBe(201);
    /** Changes a dish behind the app's back, as psql or a script would. */
    const change = (id: string, fields: Partial<typeof menuItems.$inferInsert>) =>
      t.app.db.update(menuItems).set(fields).where(eq(menuItems.id, id));
    return { kitchen, jollof, groups, fish, waakye, jollofWithFish, change };
  }

  const storedOrders = async () => (await t.app.db.select({ n: count() }).from(orders))[0]?.n;

  it("prices the next order at the dish's name and price as they are now, whoever changed them", async () => {
    const { kitchen, waakye, change } = await scene();
    await change(kitchen.dish.id, { name: 'Waakye Special', price: 3100 });
    const res = await waakye(2);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<OrderView>()).toMatchObject({
      totalAmount: 6200,
      items: [{ name: 'Waakye Special', price: 3100, quantity: 2 }],
    });
  });

  it('refuses a dish made unavailable or sold out since, and takes it again once it is back', async () => {
    const { kitchen, waakye, change } = await scene();
    const before = await storedOrders();
    await change(kitchen.dish.id, { isAvailable: false });
    const unavailable = await waakye();
    expect(unavailable.statusCode).toBe(422);
    expect(unavailable.json().error.message).toBe(CHECKOUT_MESSAGES.unavailable('Waakye'));

    await change(kitchen.dish.id, { isAvailable: true, soldOutUntil: new Date(Date.now() + 3_600_000) });
    expect((await waakye()).statusCode).toBe(422);
    expect(await storedOrders()).toBe(before);

    await change(kitchen.dish.id, { soldOutUntil: new Date(Date.now() - 1000) });
    expect((await waakye()).statusCode).toBe(201);
  });

  it('prices a choice at its price change as it is now, and refuses one sold out or taken off since', async () => {
    const { jollof, groups, fish, jollofWithFish, change } = await scene();
    const dearer = structuredClone(groups);
    dearer[0]!.choices[1]!.priceDelta = 700;
    await change(jollof.id, { optionGroups: dearer });
    const priced = await jollofWithFish();
    expect(priced.statusCode, priced.body).toBe(201);
    expect(priced.json<OrderView>()).toMatchObject({
      totalAmount: 4700,
      items: [{ name: 'Jollof', price: 4700, choices: [{ name: 'Fish', priceDelta: 700 }] }],
    });

    await change(jollof.id, { choicesSoldOut: { [fish]: new Date(Date.now() + 3_600_000).toISOString() } });
    const soldOut = await jollofWithFish();
    expect(soldOut.statusCode).toBe(422);
    expect(soldOut.json().error.message).toBe(OPTION_MESSAGES.soldOut('Jollof', 'Fish'));

    const withoutFish = structuredClone(groups);
    withoutFish[0]!.choices.pop();
    await change(jollof.id, { choicesSoldOut: {}, optionGroups: withoutFish });
    const gone = await jollofWithFish();
    expect(gone.statusCode).toBe(422);
    expect(gone.json().error.message).toBe(OPTION_MESSAGES.notOffered('Jollof'));
  });

  it('refuses a dish taken off the menu since', async () => {
    const { kitchen, waakye } = await scene();
    await t.app.db.delete(menuItems).where(eq(menuItems.id, kitchen.dish.id));
    const res = await waakye();
    expect(res.statusCode).toBe(422);
  });
});
