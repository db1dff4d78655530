import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { App } from '../app.js';
import { COMPRESSION_THRESHOLD_BYTES } from '../http/contentCoding.js';
import { menuItems, restaurants } from '../db/schema.js';
import { openRestaurant } from '../orders/testOrders.js';
import { createUser } from '../test/accounts.js';
import { useSecondInstance, useTestApp } from '../test/app.js';
import { insertMenuItem } from './testFixtures.js';

/** What Chromium sends. */
const AS_BROWSER = 'gzip, deflate, br, zstd';

describe('the public catalog cache', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: '1' });
  const other = useSecondInstance(t);

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

  describe('compressed', () => {
    afterEach(() => vi.restoreAllMocks());

    /** A restaurant whose menu is large enough to be worth compressing. */
    async function openLargeMenu() {
      const kitchen = await openRestaurant(t);
      for (let i = 0; i < 8; i++) {
        await insertMenuItem(t.app.db, {
          restaurantId: kitchen.restaurant.id,
          name: `Dish ${i}`,
          description: 'Slow-cooked with pepper, onions and a little palm oil',
        });
      }
      expect((await read(t.app, menuUrl(kitchen.restaurant.id))).rawPayload.length).toBeGreaterThanOrEqual(
        COMPRESSION_THRESHOLD_BYTES,
      );
      return kitchen;
    }

    /** The body decoded once, as a browser does: a body compressed twice would not parse. */
    const decoded = (res: LightMyRequestResponse): unknown => {
      const coding = res.headers['content-encoding'];
      const body =
        coding === 'br'
          ? zlib.brotliDecompressSync(res.rawPayload)
          : coding === 'gzip'
            ? zlib.gunzipSync(res.rawPayload)
            : res.rawPayload;
      return JSON.parse(body.toString());
    };

    const readAs = (acceptEncoding: string | undefined, url: string, ifNoneMatch?: string) =>
      read(t.app, url, {
        ...(acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding }),
        ...(ifNoneMatch === undefined ? {} : { 'if-none-match': ifNoneMatch }),
      });

    it('sends each coding the client prefers, decoding to the same JSON under its own ETag, with Vary', async () => {
      const { restaurant } = await openLargeMenu();
      const replies = {
        identity: await readAs(undefined, menuUrl(restaurant.id)),
        br: await readAs(AS_BROWSER, menuUrl(restaurant.id)),
        gzip: await readAs('gzip', menuUrl(restaurant.id)),
      };
      const json = decoded(replies.identity);
      expect(json).toHaveLength(9);
      for (const [coding, reply] of Object.entries(replies)) {
        expect(reply.statusCode).toBe(200);
        expect(reply.headers['content-encoding']).toBe(coding === 'identity' ? undefined : coding);
        expect(reply.headers.vary).toBe('accept-encoding');
        expect(reply.headers.etag).toMatch(/^"[\w-]+"$/);
        expect(decoded(reply)).toEqual(json);
      }
      expect(replies.br.rawPayload.length).toBeLessThan(replies.identity.rawPayload.length);
      expect(new Set(Object.values(replies).map((reply) => reply.headers.etag)).size).toBe(3);
    });

    it("answers 304 to a client holding its coding's ETag, and the body to one holding another coding's", async () => {
      const { restaurant } = await openLargeMenu();
      const url = menuUrl(restaurant.id);
      const etags = {
        identity: (await readAs(undefined, url)).headers.etag as string,
        br: (await readAs('br', url)).headers.etag as string,
        gzip: (await readAs('gzip', url)).headers.etag as string,
      };
      const acceptFor = { identity: undefined, br: AS_BROWSER, gzip: 'gzip' };
      for (const coding of ['identity', 'br', 'gzip'] as const) {
        for (const app of instances()) {
          const held = await read(app, url, {
            ...(acceptFor[coding] ? { 'accept-encoding': acceptFor[coding] } : {}),
            'if-none-match': etags[coding],
          });
          expect(held.statusCode).toBe(304);
          expect(held.body).toBe('');
          expect(held.headers.etag).toBe(etags[coding]);
          expect(held.headers.vary).toBe('accept-encoding');
        }
      }
      const other = await readAs('gzip', url, etags.br);
      expect(other.statusCode).toBe(200);
      expect(other.headers['content-encoding']).toBe('gzip');
    });

    it('sends the uncompressed JSON to a client that refuses br and gzip with q=0, or weighs identity most', async () => {
      const { restaurant } = await openLargeMenu();
      const plain = await readAs(undefined, menuUrl(restaurant.id));
      for (const acceptEncoding of ['br;q=0, gzip;q=0', 'br;q=0, gzip;q=0, *', 'identity, gzip;q=0.5']) {
        const reply = await readAs(acceptEncoding, menuUrl(restaurant.id));
        expect(reply.headers['content-encoding']).toBeUndefined();
        expect(reply.headers.etag).toBe(plain.headers.etag);
        expect(reply.rawPayload.equals(plain.rawPayload)).toBe(true);
      }
      const gzipOnly = await readAs('br;q=0, gzip', menuUrl(restaurant.id));
      expect(gzipOnly.headers['content-encoding']).toBe('gzip');
    });

    it('compresses a menu once, not on every read, and anew with the change after one', async () => {
      const { restaurant, dish } = await openLargeMenu();
      const brotli = vi.spyOn(zlib, 'brotliCompress');
      const url = menuUrl(restaurant.id);
      const before = await readAs(AS_BROWSER, url);
      for (let i = 0; i < 5; i++) expect((await readAs(AS_BROWSER, url)).headers.etag).toBe(before.headers.etag);
      expect(brotli).toHaveBeenCalledTimes(1);

      await t.app.db.update(menuItems).set({ name: 'Waakye special' }).where(eq(menuItems.id, dish.id));
      const after = await readAs(AS_BROWSER, url, before.headers.etag);
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      expect(decoded(after)).toContainEqual(expect.objectContaining({ name: 'Waakye special' }));
      expect(brotli).toHaveBeenCalledTimes(2);
    });
  });
});
