import { describe, expect, it } from 'vitest';
import { DISCOVERY_SEARCH_LIMIT, type RestaurantListItem } from '@shared/restaurants/schemas.js';
import { useTestApp } from '../test/app.js';
import { insertAccountWithoutPassword, insertMenuItem, insertRestaurant } from './testFixtures.js';

describe('discovery search', () => {
  const t = useTestApp();

  const open = async (
    name: string,
    address: string,
    dishes: { name: string; category?: string; isAvailable?: boolean }[] = [],
    isActive = true,
  ) => {
    const ownerId = await insertAccountWithoutPassword(t.app.db, 'restaurant');
    const restaurant = await insertRestaurant(t.app.db, { ownerId, name, address, isActive });
    for (const dish of dishes) await insertMenuItem(t.app.db, { restaurantId: restaurant.id, category: null, ...dish });
    return restaurant;
  };

  const openAccra = async () => ({
    osu: await open('Osu Jollof House', '14 Oxford Street, Osu, Accra', [
      { name: 'Jollof Rice with Grilled Chicken', category: 'Main Course' },
      { name: 'Kelewele', category: 'Sides' },
    ]),
    labone: await open('Labone Chop Bar', '22 Ndabaningi Sithole Road, Labone, Accra', [
      { name: 'Fufu & Light Soup with Goat', category: 'Main Course' },
      { name: 'Fruit Salad', category: 'Dessert' },
    ]),
    legon: await open('Legon Waakye Spot', '7 Lagos Avenue, East Legon, Accra', [
      { name: 'Waakye Special', category: 'Main Course' },
    ]),
  });

  const search = async (q: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/restaurants', query: { q } });
    expect(res.statusCode).toBe(200);
    return res.json<RestaurantListItem[]>();
  };
  const namesFound = async (q: string) => (await search(q)).map((restaurant) => restaurant.name);

  it('finds restaurants by the dishes they serve, typos forgiven, and names the dish that matched', async () => {
    const { osu } = await openAccra();
    for (const q of ['kelewele', 'KELEWEL', 'kelwele']) {
      expect(await search(q)).toEqual([
        expect.objectContaining({ id: osu.id, name: 'Osu Jollof House', matchedDish: 'Kelewele' }),
      ]);
    }
    expect(await search('chiken')).toEqual([
      expect.objectContaining({ id: osu.id, matchedDish: 'Jollof Rice with Grilled Chicken' }),
    ]);
    expect(await namesFound('fufu')).toEqual(['Labone Chop Bar']);
    expect(await namesFound('pizza')).toEqual([]);
  });

  it('finds restaurants by the categories of their dishes', async () => {
    await openAccra();
    expect(await search('desert')).toEqual([expect.objectContaining({ name: 'Labone Chop Bar', matchedDish: 'Dessert' })]);
  });

  it('finds restaurants by name and address, without naming a dish when the name or address matched best', async () => {
    const { legon } = await openAccra();
    expect(await search('waakye')).toEqual([expect.objectContaining({ id: legon.id, matchedDish: null })]);
    expect(await search('legon waakye spt')).toEqual([expect.objectContaining({ id: legon.id, matchedDish: null })]);
    expect(await namesFound('oxford street')).toEqual(['Osu Jollof House']);
    expect(await namesFound('accra')).toHaveLength(3);
  });

  it('ranks a restaurant named after the dish above one that only serves it', async () => {
    await open('Kelewele Corner', 'Ring Road, Accra', [{ name: 'Kelewele' }]);
    await open('Osu Jollof House', 'Oxford Street, Osu', [{ name: 'Kelewele' }]);
    expect(await namesFound('kelewele')).toEqual(['Kelewele Corner', 'Osu Jollof House']);
  });

  it('leaves out unavailable dishes and inactive restaurants', async () => {
    await open('Closed Kitchen', 'Osu, Accra', [{ name: 'Kelewele' }], false);
    await open('Sold Out Spot', 'Osu, Accra', [{ name: 'Kelewele', isAvailable: false }]);
    expect(await namesFound('kelewele')).toEqual([]);
  });

  it(`answers at most ${DISCOVERY_SEARCH_LIMIT} restaurants`, async () => {
    for (let index = 0; index <= DISCOVERY_SEARCH_LIMIT; index += 1) await open(`Chop ${index}`, 'Osu, Accra');
    expect(await search('osu')).toHaveLength(DISCOVERY_SEARCH_LIMIT);
  });

  it('lists every active restaurant for an empty search, and takes % and _ literally', async () => {
    await openAccra();
    expect(await namesFound('  ')).toHaveLength(3);
    expect(await namesFound('%')).toEqual([]);
    expect(await namesFound('_')).toEqual([]);
  });

  it('refuses a search with a NUL character or over 100 characters with 400', async () => {
    for (const q of ['kele\u0000wele', 'k'.repeat(101)]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/restaurants', query: { q } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/NUL|at most 100/);
    }
  });
});
