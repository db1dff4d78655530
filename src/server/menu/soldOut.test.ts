import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { OPTION_MESSAGES } from '@shared/menu/options.js';
import { SOLD_OUT_MESSAGES } from '@shared/menu/soldOut.js';
import { EXTRAS, PROTEIN } from '@shared/menu/testChoices.js';
import { CHECKOUT_MESSAGES } from '@shared/orders/schemas.js';
import { nextDayOpening } from '@shared/restaurants/hours.js';
import { menuItems, orders, restaurantMembers, restaurants } from '../db/schema.js';
import { openRestaurant, sendCashCart } from '../orders/testOrders.js';
import { insertMenuItem } from '../restaurants/testFixtures.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';

const FISH = PROTEIN.choices[1]!;
const CHICKEN = PROTEIN.choices[0]!;

describe('sold out for today, from the board', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: 'true' });

  /** A kitchen in Lagos open 10:00-22:00 with Jollof (the issue's choices) beside its Waakye, and a customer. */
  async function scene() {
    const kitchen = await openRestaurant(t);
    const openingHours = {
      weekly: Array.from({ length: 7 }, () => [{ opens: '00:00', closes: '24:00' }]),
      closedDates: [],
    };
    await t.app.db
      .update(restaurants)
      .set({ timeZone: 'Africa/Lagos', openingHours })
      .where(eq(restaurants.id, kitchen.restaurant.id));
    const jollof = await insertMenuItem(t.app.db, {
      restaurantId: kitchen.restaurant.id,
      name: 'Jollof',
      price: 4000,
      optionGroups: [{ ...PROTEIN, choices: PROTEIN.choices.map((choice) => ({ ...choice, isAvailable: true })) }, EXTRAS],
    });
    const customer = await createUser(t, { role: 'customer' });
    return { ...kitchen, jollof, customer, openingHours };
  }

  const soldOutUrl = (restaurantId: string, itemId: string) => `/api/restaurants/${restaurantId}/menu-items/${itemId}/sold-out`;
  const markSoldOut = (user: TestUser, restaurantId: string, itemId: string, payload: object = {}) =>
    t.app.inject({ method: 'PUT', url: soldOutUrl(restaurantId, itemId), headers: user.authHeader, payload });
  const bringBack = (user: TestUser, restaurantId: string, itemId: string, choiceId?: string) =>
    t.app.inject({
      method: 'DELETE',
      url: `${soldOutUrl(restaurantId, itemId)}${choiceId ? `?choiceId=${choiceId}` : ''}`,
      headers: user.authHeader,
    });

  const checkout = (customer: TestUser, restaurantId: string, items: object[]) =>
    sendCashCart(t.app, customer, restaurantId, items);

  const publicItem = async (restaurantId: string, itemId: string) => {
    const menu = await t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurantId}/menu` });
    return menu
      .json<{ id: string; soldOutUntil: string | null; choicesSoldOut: Record<string, string> }[]>()
      .find((item) => item.id === itemId);
  };

  it("marks a dish sold out until the restaurant's next day's opening: customers still see it, checkout refuses it, and it can come back", async () => {
    const { owner, restaurant, dish, customer, openingHours } = await scene();
    const res = await markSoldOut(owner, restaurant.id, dish.id);
    expect(res.statusCode, res.body).toBe(200);
    const until = nextDayOpening({ timeZone: 'Africa/Lagos', openingHours });
    expect(Date.parse(res.json().soldOutUntil)).toBe(until.getTime());
    await expect.poll(async () => (await publicItem(restaurant.id, dish.id))?.soldOutUntil).toBe(res.json().soldOutUntil);

    const refused = await checkout(customer, restaurant.id, [{ menuItemId: dish.id, quantity: 1 }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(CHECKOUT_MESSAGES.unavailable('Waakye'));
    expect(await t.app.db.select().from(orders)).toEqual([]);

    const back = await bringBack(owner, restaurant.id, dish.id);
    expect(back.json().soldOutUntil).toBeNull();
    expect((await checkout(customer, restaurant.id, [{ menuItemId: dish.id, quantity: 1 }])).statusCode).toBe(201);
  });

  it('comes back by itself once its day is over', async () => {
    const { owner, restaurant, dish, customer } = await scene();
    await markSoldOut(owner, restaurant.id, dish.id);
    await t.app.db
      .update(menuItems)
      .set({ soldOutUntil: sql`now() - interval '1 second'` })
      .where(eq(menuItems.id, dish.id));
    expect((await checkout(customer, restaurant.id, [{ menuItemId: dish.id, quantity: 1 }])).statusCode).toBe(201);
  });

  it('marks a single choice sold out: that choice is refused by name, the dish with another is ordered', async () => {
    const { owner, restaurant, jollof, customer } = await scene();
    const res = await markSoldOut(owner, restaurant.id, jollof.id, { choiceId: FISH.id.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(res.json().choicesSoldOut)).toEqual([FISH.id]);
    await expect
      .poll(async () => Object.keys((await publicItem(restaurant.id, jollof.id))?.choicesSoldOut ?? {}))
      .toEqual([FISH.id]);

    const refused = await checkout(customer, restaurant.id, [{ menuItemId: jollof.id, quantity: 1, choiceIds: [FISH.id] }]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe(OPTION_MESSAGES.soldOut('Jollof', 'Fish'));
    const chicken = await checkout(customer, restaurant.id, [{ menuItemId: jollof.id, quantity: 1, choiceIds: [CHICKEN.id] }]);
    expect(chicken.statusCode, chicken.body).toBe(201);

    expect((await bringBack(owner, restaurant.id, jollof.id, FISH.id)).json().choicesSoldOut).toEqual({});
    expect(
      (await checkout(customer, restaurant.id, [{ menuItemId: jollof.id, quantity: 1, choiceIds: [FISH.id] }])).statusCode,
    ).toBe(201);
  });

  it('drops choices whose day is over when the next one is marked, so the list never grows', async () => {
    const { owner, restaurant, jollof } = await scene();
    await t.app.db
      .update(menuItems)
      .set({ choicesSoldOut: { [CHICKEN.id]: '2026-01-01T10:00:00Z' } })
      .where(eq(menuItems.id, jollof.id));
    const res = await markSoldOut(owner, restaurant.id, jollof.id, { choiceId: FISH.id });
    expect(Object.keys(res.json().choicesSoldOut)).toEqual([FISH.id]);
  });

  it("lets support mark it but not the restaurant's managers, who see sales only, and answers 404 for a choice the dish does not offer or another kitchen's dish", async () => {
    const { owner, restaurant, jollof, dish } = await scene();
    const manager = await createUser(t, { role: 'manager' });
    await t.app.db.insert(restaurantMembers).values({ restaurantId: restaurant.id, userId: manager.userId });
    expect((await markSoldOut(manager, restaurant.id, jollof.id)).statusCode).toBe(403);
    const admin = await createUser(t, { role: 'admin' });
    expect((await markSoldOut(admin, restaurant.id, jollof.id)).statusCode).toBe(200);

    const notOffered = await markSoldOut(owner, restaurant.id, dish.id, { choiceId: FISH.id });
    expect(notOffered.statusCode).toBe(404);
    expect(notOffered.json().error.message).toBe(SOLD_OUT_MESSAGES.choiceNotFound);
    const other = await openRestaurant(t);
    expect((await markSoldOut(other.owner, restaurant.id, jollof.id)).statusCode).toBe(404);
    expect((await markSoldOut(owner, restaurant.id, jollof.id, { choiceId: 'fish' })).statusCode).toBe(400);
  });
});
