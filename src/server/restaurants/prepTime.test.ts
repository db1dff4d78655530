import { describe, expect, it } from 'vitest';
import { RESTAURANT_FORM_MESSAGES } from '@shared/restaurants/form.js';
import { openRestaurant } from '../orders/testOrders.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { accraRestaurantForm } from './testFixtures.js';

describe("the kitchen's usual preparation time in Restaurant Settings", () => {
  const t = useTestApp();

  const save = (user: TestUser, restaurantId: string, fields: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/restaurants/${restaurantId}`,
      headers: user.authHeader,
      payload: accraRestaurantForm(fields),
    });
  const publicPrep = async (restaurantId: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurantId}` })).json().prepMinutes;

  it('is 20 minutes for a new restaurant, and what the owner saves afterwards', async () => {
    const owner = await createUser(t, { role: 'restaurant' });
    const setUp = await t.app.inject({
      method: 'POST',
      url: '/api/restaurants',
      headers: owner.authHeader,
      payload: accraRestaurantForm(),
    });
    expect(setUp.statusCode, setUp.body).toBe(201);
    expect(setUp.json().prepMinutes).toBe(20);

    const saved = await save(owner, setUp.json().id, { prepMinutes: 45 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().prepMinutes).toBe(45);
    expect(await publicPrep(setUp.json().id)).toBe(45);
  });

  it('stays as it was when a save leaves it out', async () => {
    const kitchen = await openRestaurant(t);
    expect((await save(kitchen.owner, kitchen.restaurant.id, { prepMinutes: 120 })).statusCode).toBe(200);
    expect((await save(kitchen.owner, kitchen.restaurant.id, { name: 'Renamed' })).json().prepMinutes).toBe(120);
  });

  it.each([4, 121, 12.5, '30', '\u0000', null])('refuses %j minutes with 400, saying what it takes', async (prepMinutes) => {
    const kitchen = await openRestaurant(t);
    const res = await save(kitchen.owner, kitchen.restaurant.id, { prepMinutes });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(RESTAURANT_FORM_MESSAGES.prepMinutes);
    expect(await publicPrep(kitchen.restaurant.id)).toBe(20);
  });
});
