import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import type { Database } from '../db/client.js';
import { menuItems, restaurants } from '../db/schema.js';
import { openRestaurant } from '../orders/testOrders.js';
import { createUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { openSecondConnection } from '../test/database.js';

describe('the public catalog cache', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: '1' });
  /** A second server on the same database, as in a deployment of several instances. */
  let other: { app: App; database: Database };

  beforeAll(async () => {
    const database = await openSecondConnection(t.database);
    other = { app: await buildApp(t.config, { database, logger: false }), database };
    await other.app.ready();
  });
  afterAll(async () => {
    await other.app.close();
    await other.database.close();
  });

  const instances = () => [t.app, other.app];
  const read = (app: App, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
  const menuUrl = (id: string) => `/api/restaurants/${id}/menu`;
  const listedIds = async (app: App) => (await read(app, '/api/restaurants')).json().map((r: { id: string }) => r.id);

  /** Every instance has read the menu, the restaurant and the list, so each holds them cached. */
  async function cachedEverywhere(restaurantId: string) {
    for (const app of instances()) {
      for (const url of [menuUrl(restaurantId), `/api/restaurants/${restaurantId}`, '/api/restaurants']) {
        expect((await read(app, url)).statusCode).toBe(200);
      }
    }
  }

  it("shows an owner's renamed dish on the very next read, on every instance", async () => {
    const { owner, restaurant, dish } = await openRestaurant(t);
    await cachedEverywhere(restaurant.id);

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/restaurants/${restaurant.id}/menu-items/${dish.id}`,
      headers: owner.authHeader,
      payload: { name: 'Waakye special', description: '', price: '25.00', category: '', imageUrl: '', isAvailable: true },
    });
    expect(renamed.statusCode).toBe(200);

    for (const app of instances())
      expect((await read(app, menuUrl(restaurant.id))).json()).toMatchObject([{ name: 'Waakye special' }]);
  });

  it('hides a restaurant an admin deactivates on the very next read, on every instance', async () => {
    const { restaurant } = await openRestaurant(t);
    const admin = await createUser(t, { role: 'admin' });
    await cachedEverywhere(restaurant.id);

    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/restaurants/${restaurant.id}/active`,
      headers: admin.authHeader,
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);

    for (const app of instances()) {
      expect(await listedIds(app)).not.toContain(restaurant.id);
      expect((await read(app, `/api/restaurants/${restaurant.id}`)).statusCode).toBe(404);
      expect((await read(app, menuUrl(restaurant.id))).statusCode).toBe(404);
    }
  });

  it('hears of a change written straight into the database, as by an operator', async () => {
    const { restaurant } = await openRestaurant(t);
    await cachedEverywhere(restaurant.id);

    await t.app.db.update(restaurants).set({ name: 'Renamed in psql' }).where(eq(restaurants.id, restaurant.id));

    for (const app of instances()) {
      expect((await read(app, `/api/restaurants/${restaurant.id}`)).json().name).toBe('Renamed in psql');
    }
  });

  it('answers 304 without a body to a client that holds the current version, and the new one after a change', async () => {
    const { restaurant, dish } = await openRestaurant(t);
    const first = await read(t.app, menuUrl(restaurant.id));
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');

    for (const app of instances()) {
      const again = await read(app, menuUrl(restaurant.id), { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
    }

    await t.app.db.update(menuItems).set({ price: 2600 }).where(eq(menuItems.id, dish.id));
    for (const app of instances()) {
      const changed = await read(app, menuUrl(restaurant.id), { 'if-none-match': etag });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(changed.json()).toMatchObject([{ price: 2600 }]);
    }
  });

  it('keeps nothing for restaurants that do not exist, however many are asked for', async () => {
    const before = t.app.publicCache.size;
    for (let i = 0; i < 20; i++) expect((await read(t.app, menuUrl(randomUUID()))).statusCode).toBe(404);
    expect(t.app.publicCache.size).toBe(before);
  });

  it('keeps nothing for searches, whatever text customers type, and answers them from the database', async () => {
    await read(t.app, '/api/restaurants');
    const before = t.app.publicCache.size;
    for (let i = 0; i < 20; i++) expect((await read(t.app, `/api/restaurants?q=jollof${i}`)).statusCode).toBe(200);
    expect(t.app.publicCache.size).toBe(before);
  });
});
