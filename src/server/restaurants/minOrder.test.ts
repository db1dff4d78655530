import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RESTAURANT_FORM_MESSAGES } from '@shared/restaurants/form.js';
import type { App } from '../app.js';
import { restaurants } from '../db/schema.js';
import { openRestaurant } from '../orders/testOrders.js';
import { createUser } from '../test/accounts.js';
import { useSecondInstance, useTestApp } from '../test/app.js';

const form = (fields: Record<string, unknown> = {}) => ({
  name: 'Mama Put',
  description: 'Jollof and suya',
  address: '3 Allen Avenue, Ikeja, Lagos',
  phone: '+234 803 000 0000',
  country: 'Nigeria',
  currencySymbol: '₦',
  location: { latitude: 6.6018, longitude: 3.3515 },
  imageUrl: null,
  ...fields,
});

describe("a restaurant's minimum order", () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: '1' });
  const other = useSecondInstance(t);

  const read = (app: App, url: string) => app.inject({ method: 'GET', url });
  const edit = (id: string, headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/restaurants/${id}`, headers, payload });

  it('is none until the owner sets one, and then shows on the public page and list at once, on every instance', async () => {
    const { owner, restaurant } = await openRestaurant(t);
    const page = `/api/restaurants/${restaurant.id}`;
    const listed = async (app: App) =>
      (await read(app, '/api/restaurants')).json().find((r: { id: string }) => r.id === restaurant.id)?.minOrderAmount;
    for (const app of [t.app, other.app]) {
      expect((await read(app, page)).json().minOrderAmount).toBe(0);
      expect(await listed(app)).toBe(0);
    }

    const res = await edit(restaurant.id, owner.authHeader, form({ minOrderAmount: 5000 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().minOrderAmount).toBe(5000);
    const mine = await t.app.inject({ method: 'GET', url: '/api/restaurants/mine', headers: owner.authHeader });
    expect(mine.json().minOrderAmount).toBe(5000);

    for (const app of [t.app, other.app]) {
      await expect.poll(async () => (await read(app, page)).json().minOrderAmount).toBe(5000);
      await expect.poll(() => listed(app)).toBe(5000);
    }
    const searched = await read(t.app, `/api/restaurants?q=${encodeURIComponent('Mama Put')}`);
    expect(searched.json().find((r: { id: string }) => r.id === restaurant.id)?.minOrderAmount).toBe(5000);
  });

  it('goes back to none when the form sends 0 or leaves it out', async () => {
    const { owner, restaurant } = await openRestaurant(t);
    expect((await edit(restaurant.id, owner.authHeader, form({ minOrderAmount: 2500 }))).json().minOrderAmount).toBe(2500);
    expect((await edit(restaurant.id, owner.authHeader, form({ minOrderAmount: 0 }))).json().minOrderAmount).toBe(0);
    expect((await edit(restaurant.id, owner.authHeader, form({ minOrderAmount: 2500 }))).statusCode).toBe(200);
    expect((await edit(restaurant.id, owner.authHeader, form())).json().minOrderAmount).toBe(0);
  });

  it('is taken at setup too', async () => {
    const owner = await createUser(t, { role: 'restaurant' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/restaurants',
      headers: owner.authHeader,
      payload: form({ minOrderAmount: 150_000 }),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().minOrderAmount).toBe(150_000);
  });

  it.each([
    ['negative', -1, RESTAURANT_FORM_MESSAGES.minOrderNegative],
    ['in fractions of a minor unit', 12.5, RESTAURANT_FORM_MESSAGES.minOrderNotMinor],
    ['over 1,000,000.00', 100_000_001, RESTAURANT_FORM_MESSAGES.minOrderTooHigh],
    ['huge', 1e308, RESTAURANT_FORM_MESSAGES.minOrderNotMinor],
    ['text', '50.00', RESTAURANT_FORM_MESSAGES.minOrderInvalid],
    ['null', null, RESTAURANT_FORM_MESSAGES.minOrderInvalid],
  ])('refuses a minimum that is %s with 400 under its field, and keeps the one there', async (_, minOrderAmount, message) => {
    const { owner, restaurant } = await openRestaurant(t);
    expect((await edit(restaurant.id, owner.authHeader, form({ minOrderAmount: 3000 }))).statusCode).toBe(200);
    const res = await edit(restaurant.id, owner.authHeader, form({ minOrderAmount, name: 'Changed' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields?.minOrderAmount).toBe(message);
    const [row] = await t.app.db.select().from(restaurants).where(eq(restaurants.id, restaurant.id));
    expect(row).toMatchObject({ minOrderAmount: 3000, name: 'Mama Put' });
  });
});
