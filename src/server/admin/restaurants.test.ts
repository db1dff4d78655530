import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN_RESTAURANT_MESSAGES } from '@shared/admin/restaurants.js';
import { openRestaurant, placeOrder } from '../orders/testOrders.js';
import { insertRestaurant } from '../restaurants/testFixtures.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';

describe('Restaurant Management: every restaurant for admins, and opening or closing one', () => {
  const t = useTestApp();

  const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.authHeader });
  const setActive = (user: TestUser | undefined, id: string, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/restaurants/${id}/active`,
      headers: user?.authHeader,
      payload: payload as object,
    });
  const names = (res: { json(): { items: { name: string }[] } }) => res.json().items.map((item) => item.name);

  /** A restaurant owned by a new owner called `ownerName`, placed `daysAgo` days ago. */
  async function restaurantOf(
    ownerName: string,
    fields: { name: string; address?: string; isActive?: boolean; daysAgo: number },
  ) {
    const owner = await createUser(t, { role: 'restaurant', fullName: ownerName });
    const { daysAgo, ...rest } = fields;
    return insertRestaurant(t.app.db, { ownerId: owner.userId, ...rest, createdAt: new Date(Date.now() - daysAgo * 86_400_000) });
  }

  it('lists every restaurant, inactive ones too, newest first, with its owner and status, to admins only', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const open = await restaurantOf('Kwame Mensah', { name: 'Osu Jollof House', daysAgo: 2 });
    const closed = await restaurantOf('Efua Boateng', { name: 'Labone Chop Bar', isActive: false, daysAgo: 1 });

    const res = await get('/api/admin/restaurants', admin);

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      items: [
        {
          id: closed.id,
          name: 'Labone Chop Bar',
          description: closed.description,
          address: closed.address,
          phone: closed.phone,
          imageUrl: null,
          ownerId: closed.ownerId,
          ownerName: 'Efua Boateng',
          isActive: false,
          awaitingApproval: false,
          createdAt: closed.createdAt.toISOString(),
        },
        expect.objectContaining({ id: open.id, ownerName: 'Kwame Mensah', isActive: true }),
      ],
      nextCursor: null,
    });

    for (const role of ['customer', 'restaurant', 'manager', 'driver'] as const) {
      const user = await createUser(t, { role });
      expect((await get('/api/admin/restaurants', user)).statusCode, role).toBe(403);
      expect((await setActive(user, open.id, { active: false })).statusCode, role).toBe(403);
    }
    expect((await get('/api/admin/restaurants')).statusCode).toBe(401);
    expect((await setActive(undefined, open.id, { active: false })).statusCode).toBe(401);
  });

  it('finds restaurants by any part of the name or the address, whatever the letter case, taking % and _ literally', async () => {
    const admin = await createUser(t, { role: 'admin' });
    await restaurantOf('A', { name: 'Osu Jollof House', address: '12 Oxford Street, Osu', daysAgo: 3 });
    await restaurantOf('B', { name: 'Airport Grill', address: 'Liberation Road, Airport Residential', daysAgo: 2 });
    await restaurantOf('C', { name: '100%_Waakye', address: 'Spintex Road', daysAgo: 1 });
    const search = (q: string) => get(`/api/admin/restaurants?q=${encodeURIComponent(q)}`, admin);

    expect(names(await search('JOLLOF'))).toEqual(['Osu Jollof House']);
    expect(names(await search('oxford street'))).toEqual(['Osu Jollof House']);
    expect(names(await search('aIrPoRt'))).toEqual(['Airport Grill']);
    expect(names(await search('road'))).toEqual(['100%_Waakye', 'Airport Grill']);
    expect(names(await search('100%_'))).toEqual(['100%_Waakye']);
    expect(names(await search('%'))).toEqual(['100%_Waakye']);
    expect(names(await search('pizza'))).toEqual([]);
    expect(names(await search(''))).toHaveLength(3);
    expect((await search('x'.repeat(101))).statusCode).toBe(400);
  });

  it('pages through every restaurant without repeating or skipping one, even among restaurants of the same instant', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const owner = await createUser(t, { role: 'restaurant' });
    const created = [];
    for (let n = 0; n < 5; n++) {
      const other = n === 0 ? owner : await createUser(t, { role: 'restaurant' });
      created.push(await insertRestaurant(t.app.db, { ownerId: other.userId, createdAt: new Date('2026-11-01T10:00:00.123Z') }));
    }

    const seen: string[] = [];
    const sizes: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/api/admin/restaurants?limit=2${cursor ? `&cursor=${cursor}` : ''}`, admin);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<{ items: { id: string }[]; nextCursor: string | null }>();
      seen.push(...page.items.map((item) => item.id));
      sizes.push(page.items.length);
      cursor = page.nextCursor;
    } while (cursor);

    expect(sizes).toEqual([2, 2, 1]);
    expect(seen.sort()).toEqual(created.map((restaurant) => restaurant.id).sort());
    expect((await get('/api/admin/restaurants?cursor=nope', admin)).statusCode).toBe(400);
  });

  it('takes a deactivated restaurant off discovery at once, refuses its menu and checkout, and brings it back when reactivated', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const customer = await createUser(t, { role: 'customer' });
    const kitchen = await openRestaurant(t);
    const id = kitchen.restaurant.id;
    const listed = async () => (await get('/api/restaurants')).json<{ id: string }[]>().map((restaurant) => restaurant.id);
    const checkout = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders',
        headers: customer.authHeader,
        payload: {
          orderId: randomUUID(),
          restaurantId: id,
          items: [{ menuItemId: kitchen.dish.id, quantity: 1 }],
          deliveryAddress: '7 Spintex Road, Accra',
          deliveryPhone: '+233 24 555 0102',
          paymentMethod: 'cash',
        },
      });
    // Read once before, as a browser or a cache would have.
    expect(await listed()).toEqual([id]);
    expect((await get(`/api/restaurants/${id}/menu`)).statusCode).toBe(200);
    const before = await placeOrder(t, customer, kitchen);

    const off = await setActive(admin, id.toUpperCase(), { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ id, isActive: false });

    expect(await listed()).toEqual([]);
    for (const url of [`/api/restaurants/${id}`, `/api/restaurants/${id}/menu`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.message).toBe('Restaurant not found');
    }
    const refused = await checkout();
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe('Restaurant not found');
    // Orders already placed go on: the kitchen still sees them.
    expect((await get(`/api/orders/${before.id}`, kitchen.owner)).statusCode).toBe(200);
    expect(names(await get('/api/admin/restaurants', admin))).toHaveLength(1);
    expect((await get('/api/admin/restaurants', admin)).json().items[0]).toMatchObject({ id, isActive: false });

    const again = await setActive(admin, id, { active: false });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ isActive: false });

    const on = await setActive(admin, id, { active: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ id, isActive: true });
    expect(await listed()).toEqual([id]);
    expect((await get(`/api/restaurants/${id}/menu`)).statusCode).toBe(200);
    expect((await checkout()).statusCode).toBe(201);
  });

  it('answers 404 for an unknown restaurant and 400 for a malformed id or body', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const { restaurant } = await openRestaurant(t);

    const unknown = await setActive(admin, randomUUID(), { active: false });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Restaurant not found');
    expect((await setActive(admin, 'not-an-id', { active: false })).statusCode).toBe(400);
    for (const body of [{}, { active: 'false' }, { active: null }, { active: 1 }]) {
      const res = await setActive(admin, restaurant.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await setActive(admin, restaurant.id, {})).json().error.fields.active).toBe(ADMIN_RESTAURANT_MESSAGES.activeRequired);
  });
});
