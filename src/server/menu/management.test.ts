import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MENU_MESSAGES } from '@shared/menu/schemas.js';
import { PRICE_MESSAGES } from '@shared/menu/price.js';
import { UPLOAD_MESSAGES } from '@shared/storage/buckets.js';
import { orderItems, orders, restaurantMembers } from '../db/schema.js';
import { openRestaurant, placeOrder } from '../orders/testOrders.js';
import { insertMenuItem } from '../restaurants/testFixtures.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { multipart, pngImage } from '../test/images.js';
import { restaurantImage, uploadFoodImage } from './testMenu.js';

describe('menu management', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: 'true' });

  const call = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: user?.authHeader ?? {} });
  const items = (restaurantId: string) => `/api/restaurants/${restaurantId}/menu-items`;
  const item = (restaurantId: string, itemId: string) => `${items(restaurantId)}/${itemId}`;
  const dish = (fields: object = {}) => ({
    name: 'Red red',
    description: 'Beans stew with fried plantain',
    price: '12.10',
    category: 'Main Course',
    imageUrl: '',
    isAvailable: true,
    ...fields,
  });

  describe('prices', () => {
    it('stores a typed 12.10 as exactly 1210 minor units and answers it so', async () => {
      const { owner, restaurant } = await openRestaurant(t);
      const res = await call(owner, 'POST', items(restaurant.id), dish({ price: '12.10' }));
      expect(res.statusCode).toBe(201);
      expect(res.json()).toMatchObject({ name: 'Red red', price: 1210, category: 'Main Course', isAvailable: true });

      const updated = await call(owner, 'PUT', item(restaurant.id, res.json().id), dish({ price: '0.29' }));
      expect(updated.json().price).toBe(29);

      const asNumber = await call(owner, 'PUT', item(restaurant.id, res.json().id), dish({ price: 12.1 }));
      expect(asNumber.json().price).toBe(1210);
    });

    it.each([
      ['', PRICE_MESSAGES.required],
      ['-1', PRICE_MESSAGES.negative],
      ['12.345', PRICE_MESSAGES.invalid],
      ['twelve', PRICE_MESSAGES.invalid],
      ['1000000.01', PRICE_MESSAGES.tooHigh],
    ])('refuses the price %j with %j and stores nothing', async (price, message) => {
      const { owner, restaurant } = await openRestaurant(t);
      const res = await call(owner, 'POST', items(restaurant.id), dish({ price }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(message);
      expect((await call(owner, 'GET', items(restaurant.id))).json()).toHaveLength(1);
    });

    it('refuses an item without a name', async () => {
      const { owner, restaurant } = await openRestaurant(t);
      const res = await call(owner, 'POST', items(restaurant.id), dish({ name: '   ' }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(MENU_MESSAGES.nameRequired);
    });
  });

  describe('images', () => {
    it("accepts the owner's own upload in the restaurant's folder and serves it to anyone", async () => {
      const { owner, restaurant } = await openRestaurant(t);
      const imageUrl = await restaurantImage(t, owner, restaurant.id);
      expect(imageUrl).toMatch(new RegExp(`^/api/files/food-images/${restaurant.id}/[0-9a-f-]{36}\\.webp$`));

      const res = await call(owner, 'POST', items(restaurant.id), dish({ imageUrl }));
      expect(res.statusCode).toBe(201);
      expect(res.json().imageUrl).toBe(imageUrl);

      const served = await t.app.inject({ method: 'GET', url: imageUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
    });

    it("refuses an outside URL, another owner's upload, an upload outside the folder and another restaurant's folder", async () => {
      const { owner, restaurant } = await openRestaurant(t);
      const rival = await openRestaurant(t);
      const refused = [
        'https://example.com/jollof.webp',
        `//example.com/api/files/food-images/${restaurant.id}/00000000-0000-0000-0000-000000000000.webp`,
        await restaurantImage(t, rival.owner, rival.restaurant.id),
        (await uploadFoodImage(t, owner)).json().url,
        await restaurantImage(t, owner, restaurant.id).then((url) => url.replace(restaurant.id, rival.restaurant.id)),
      ];
      const { id } = (await call(owner, 'GET', items(restaurant.id))).json()[0];
      for (const imageUrl of refused) {
        const created = await call(owner, 'POST', items(restaurant.id), dish({ imageUrl }));
        expect(created.statusCode, imageUrl).toBe(400);
        expect(created.json().error.message).toBe(MENU_MESSAGES.imageNotOwn);
        const changed = await call(owner, 'PUT', item(restaurant.id, id), dish({ imageUrl }));
        expect(changed.statusCode, imageUrl).toBe(400);
      }
    });

    it('keeps a picture the item already shows when the rest of it is edited', async () => {
      const { owner, restaurant } = await openRestaurant(t);
      const seeded = await insertMenuItem(t.app.db, {
        restaurantId: restaurant.id,
        imageUrl: '/api/files/food-images/3b241101-e2bb-4255-8caf-4136c566a962.webp',
      });
      const res = await call(owner, 'PUT', item(restaurant.id, seeded.id), dish({ imageUrl: seeded.imageUrl }));
      expect(res.statusCode).toBe(200);
      expect(res.json().imageUrl).toBe(seeded.imageUrl);
    });

    it("lets only whoever runs the restaurant's kitchen upload into its folder", async () => {
      const { owner, restaurant } = await openRestaurant(t);
      const rival = await openRestaurant(t);
      const admin = await createUser(t, { role: 'admin' });
      const customer = await createUser(t, { role: 'customer' });

      expect((await uploadFoodImage(t, owner, restaurant.id)).statusCode).toBe(201);
      expect((await uploadFoodImage(t, admin, restaurant.id)).statusCode).toBe(201);
      const foreign = await uploadFoodImage(t, rival.owner, restaurant.id);
      expect(foreign.statusCode).toBe(404);
      expect((await uploadFoodImage(t, customer, restaurant.id)).statusCode).toBe(403);
      expect((await uploadFoodImage(t, owner, '3b241101-e2bb-4255-8caf-4136c566a962')).statusCode).toBe(404);
      expect((await uploadFoodImage(t, owner, 'not-a-restaurant')).statusCode).toBe(400);
    });

    it('refuses a folder in a bucket that has none', async () => {
      const { owner, restaurant } = await openRestaurant(t);
      const form = multipart({}, { file: { data: await pngImage(), filename: 'me.png', contentType: 'image/png' } });
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/storage/profile-pictures?folder=${restaurant.id}`,
        payload: form.payload,
        headers: { ...form.headers, ...owner.authHeader },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(UPLOAD_MESSAGES.noFolders);
    });

    it('serves a folder file only under its own folder', async () => {
      const { owner, restaurant } = await openRestaurant(t);
      const rival = await openRestaurant(t);
      const imageUrl = await restaurantImage(t, owner, restaurant.id);
      const fileName = imageUrl.split('/').pop()!;
      for (const url of [`/api/files/food-images/${fileName}`, imageUrl.replace(restaurant.id, rival.restaurant.id)]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
      }
    });
  });

  describe("the owner's menu", () => {
    it('lists every item, unavailable ones too, and updates name, price, category and availability', async () => {
      const { owner, restaurant, dish: waakye } = await openRestaurant(t);
      const res = await call(
        owner,
        'PUT',
        item(restaurant.id, waakye.id),
        dish({ name: 'Waakye special', price: '30', category: '', isAvailable: false }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Waakye special', price: 3000, category: null, isAvailable: false });

      const menu = (await call(owner, 'GET', items(restaurant.id))).json();
      expect(menu).toEqual([expect.objectContaining({ id: waakye.id, isAvailable: false })]);
      expect((await t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurant.id}/menu` })).json()).toEqual([]);
    });

    it('deletes an item that past orders name and keeps those orders whole', async () => {
      const { owner, restaurant, dish: waakye } = await openRestaurant(t);
      const customer = await createUser(t, { role: 'customer' });
      const order = await placeOrder(t, customer, { restaurant, dish: waakye }, 2);

      const res = await call(owner, 'DELETE', item(restaurant.id, waakye.id));
      expect(res.statusCode).toBe(204);

      const lines = await t.app.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
      expect(lines).toEqual([expect.objectContaining({ menuItemId: null, name: 'Waakye', price: 2500, quantity: 2 })]);
      const [kept] = await t.app.db.select().from(orders).where(eq(orders.id, order.id));
      expect(kept?.totalAmount).toBe(5000);
      const seen = await call(customer, 'GET', `/api/orders/${order.id}`);
      expect(seen.json().items).toEqual([expect.objectContaining({ name: 'Waakye', price: 2500, quantity: 2 })]);

      expect((await call(owner, 'DELETE', item(restaurant.id, waakye.id))).statusCode).toBe(404);
    });

    it('adds new items at the end and puts the menu in the order the owner gives, which the public menu follows', async () => {
      const { owner, restaurant, dish: waakye } = await openRestaurant(t);
      const cake = (await call(owner, 'POST', items(restaurant.id), dish({ name: 'Cake', category: 'Dessert' }))).json();
      const rolls = (await call(owner, 'POST', items(restaurant.id), dish({ name: 'Rolls', category: 'Appetizer' }))).json();
      const names = async (url: string) => (await call(owner, 'GET', url)).json().map((i: { name: string }) => i.name);
      expect(await names(items(restaurant.id))).toEqual(['Waakye', 'Cake', 'Rolls']);

      const res = await call(owner, 'PUT', `${items(restaurant.id)}/order`, { itemIds: [rolls.id, waakye.id, cake.id] });
      expect(res.statusCode).toBe(200);
      expect(res.json().map((i: { name: string }) => i.name)).toEqual(['Rolls', 'Waakye', 'Cake']);
      expect(await names(`/api/restaurants/${restaurant.id}/menu`)).toEqual(['Rolls', 'Waakye', 'Cake']);
    });

    it('refuses an order that leaves out, repeats or adds items, and changes nothing', async () => {
      const { owner, restaurant, dish: waakye } = await openRestaurant(t);
      const rival = await openRestaurant(t);
      const cake = (await call(owner, 'POST', items(restaurant.id), dish({ name: 'Cake' }))).json();
      for (const itemIds of [[cake.id], [cake.id, cake.id], [cake.id, waakye.id, rival.dish.id], [cake.id, rival.dish.id]]) {
        const res = await call(owner, 'PUT', `${items(restaurant.id)}/order`, { itemIds });
        expect(res.statusCode).toBe(409);
        expect(res.json().error.message).toBe(MENU_MESSAGES.orderStale);
      }
      const menu = (await call(owner, 'GET', items(restaurant.id))).json();
      expect(menu.map((i: { id: string }) => i.id)).toEqual([waakye.id, cake.id]);
    });
  });

  describe('who may', () => {
    it("answers another owner's restaurant and items with 404, and changes nothing", async () => {
      const { restaurant, dish: waakye } = await openRestaurant(t);
      const rival = await openRestaurant(t);
      const requests = [
        call(rival.owner, 'GET', items(restaurant.id)),
        call(rival.owner, 'POST', items(restaurant.id), dish()),
        call(rival.owner, 'PUT', item(restaurant.id, waakye.id), dish({ price: '0' })),
        call(rival.owner, 'DELETE', item(restaurant.id, waakye.id)),
        call(rival.owner, 'PUT', `${items(restaurant.id)}/order`, { itemIds: [waakye.id] }),
        call(rival.owner, 'PUT', item(rival.restaurant.id, waakye.id), dish()),
        call(rival.owner, 'DELETE', item(rival.restaurant.id, waakye.id)),
      ];
      for (const res of await Promise.all(requests)) expect(res.statusCode).toBe(404);
      const menu = (await t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurant.id}/menu` })).json();
      expect(menu).toEqual([expect.objectContaining({ id: waakye.id, price: 2500 })]);
    });

    it("refuses customers, drivers and even the restaurant's own managers with 403, anonymous callers with 401", async () => {
      const { restaurant } = await openRestaurant(t);
      const manager = await createUser(t, { role: 'manager' });
      await t.app.db.insert(restaurantMembers).values({ restaurantId: restaurant.id, userId: manager.userId });
      for (const role of ['customer', 'driver'] as const) {
        expect((await call(await createUser(t, { role }), 'POST', items(restaurant.id), dish())).statusCode).toBe(403);
      }
      expect((await call(manager, 'GET', items(restaurant.id))).statusCode).toBe(403);
      expect((await call(manager, 'POST', items(restaurant.id), dish())).statusCode).toBe(403);
      expect((await call(null, 'GET', items(restaurant.id))).statusCode).toBe(401);
    });

    it("lets an admin keep any restaurant's menu, and answers an unknown restaurant with 404", async () => {
      const { restaurant } = await openRestaurant(t);
      const admin = await createUser(t, { role: 'admin' });
      const imageUrl = await restaurantImage(t, admin, restaurant.id);
      expect((await call(admin, 'POST', items(restaurant.id), dish({ imageUrl }))).statusCode).toBe(201);
      const unknown = '3b241101-e2bb-4255-8caf-4136c566a962';
      expect((await call(admin, 'POST', items(unknown), dish())).statusCode).toBe(404);
      expect((await call(admin, 'GET', items(unknown))).statusCode).toBe(404);
    });
  });
});
