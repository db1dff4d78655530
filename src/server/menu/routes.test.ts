import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { menuItems } from '../db/schema.js';
import { insertAccountWithoutPassword, insertMenuItem, insertRestaurant } from '../restaurants/testFixtures.js';
import { useTestApp } from '../test/app.js';

describe('public menu', () => {
  const t = useTestApp();

  const newRestaurant = async (isActive = true) =>
    insertRestaurant(t.app.db, { ownerId: await insertAccountWithoutPassword(t.app.db, 'restaurant'), isActive });

  it("lists the available items of an active restaurant in the restaurant's order, not by category, prices in minor units", async () => {
    const restaurant = await newRestaurant();
    const soup = await insertMenuItem(t.app.db, {
      restaurantId: restaurant.id,
      name: 'Light soup',
      price: 3000,
      category: 'Soups',
      imageUrl: '/files/food-images/soup.webp',
    });
    const jollof = await insertMenuItem(t.app.db, { restaurantId: restaurant.id, name: 'Jollof', price: 4550 });
    await insertMenuItem(t.app.db, { restaurantId: restaurant.id, name: 'Sold out', isAvailable: false });
    const water = await insertMenuItem(t.app.db, { restaurantId: restaurant.id, name: 'Water', category: null, price: 500 });

    const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurant.id}/menu` });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ id: soup.id, category: 'Soups', imageUrl: '/files/food-images/soup.webp' }),
      {
        id: jollof.id,
        restaurantId: restaurant.id,
        name: 'Jollof',
        description: 'With chicken',
        price: 4550,
        category: 'Main Course',
        imageUrl: null,
        optionGroups: [],
        soldOutUntil: null,
        choicesSoldOut: {},
      },
      expect.objectContaining({ id: water.id, category: null }),
    ]);
  });

  it('keeps the order a menu without positions was shown in once the migration 0018_menu_positions_without_ties writes the positions down', async () => {
    const restaurant = await newRestaurant();
    const item = (name: string, category: string | null) =>
      insertMenuItem(t.app.db, { restaurantId: restaurant.id, name, category, position: 0 });
    await item('Water', null);
    await item('Cake', 'Dessert');
    await item('Jollof', 'Main Course');
    await item('Rolls', 'Appetizer');
    const migration = readFileSync(new URL('../db/migrations/0018_menu_positions_without_ties.sql', import.meta.url), 'utf8');

    await t.app.db.execute(sql.raw(migration));

    const rows = await t.app.db
      .select({ name: menuItems.name, position: menuItems.position })
      .from(menuItems)
      .where(eq(menuItems.restaurantId, restaurant.id))
      .orderBy(menuItems.position);
    expect(rows).toEqual([
      { name: 'Rolls', position: 1 },
      { name: 'Cake', position: 2 },
      { name: 'Jollof', position: 3 },
      { name: 'Water', position: 4 },
    ]);
  });

  it('answers an empty menu for an active restaurant with nothing available', async () => {
    const restaurant = await newRestaurant();
    await insertMenuItem(t.app.db, { restaurantId: restaurant.id, isAvailable: false });
    const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurant.id}/menu` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it("hides an inactive restaurant's menu and an unknown restaurant's with the same 404", async () => {
    const closed = await newRestaurant(false);
    await insertMenuItem(t.app.db, { restaurantId: closed.id });
    for (const id of [closed.id, '3b241101-e2bb-4255-8caf-4136c566a962']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/${id}/menu` });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe('Restaurant not found');
    }
  });

  it('refuses a malformed restaurant id with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/restaurants/not-an-id/menu' });
    expect(res.statusCode).toBe(400);
  });
});
