import { describe, expect, it } from 'vitest';
import { APPROVAL_MESSAGES } from '@shared/admin/approval.js';
import { commissionSettings } from '../db/schema.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { approvalByDefault, readRestaurantApproval } from '../restaurants/approval.js';

const restaurantForm = {
  name: 'Mama Put',
  description: 'Jollof and suya',
  address: '3 Allen Avenue, Ikeja, Lagos',
  phone: '+234 803 000 0000',
  country: 'Nigeria',
  currencySymbol: '₦',
  location: { latitude: 6.6018, longitude: 3.3515 },
  imageUrl: null,
};

describe('approvalByDefault', () => {
  it('is on in production only', () => {
    expect(approvalByDefault({ mode: 'production' })).toBe(true);
    expect(approvalByDefault({ mode: 'development' })).toBe(false);
    expect(approvalByDefault({ mode: 'test' })).toBe(false);
  });
});

describe("'New restaurants wait for approval'", () => {
  const t = useTestApp();

  const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.authHeader ?? {} });
  const put = (user: TestUser | undefined, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/approval', headers: user?.authHeader ?? {}, payload: payload as object });
  const setUp = (owner: TestUser) =>
    t.app.inject({ method: 'POST', url: '/api/restaurants', headers: owner.authHeader, payload: restaurantForm });
  const listed = async () => (await get('/api/restaurants')).json<{ id: string }[]>().map((restaurant) => restaurant.id);

  it("follows the deployment's default until an admin chooses, then the admin's choice", async () => {
    const admin = await createUser(t, { role: 'admin' });
    expect((await get('/api/admin/approval', admin)).json()).toEqual({ restaurantsNeedApproval: false });
    expect(await readRestaurantApproval(t.app.db, { mode: 'production' })).toEqual({ restaurantsNeedApproval: true });

    const off = await put(admin, { restaurantsNeedApproval: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(await readRestaurantApproval(t.app.db, { mode: 'production' })).toEqual({ restaurantsNeedApproval: false });

    const on = await put(admin, { restaurantsNeedApproval: true });
    expect(on.json()).toEqual({ restaurantsNeedApproval: true });
    expect((await get('/api/admin/approval', admin)).json()).toEqual({ restaurantsNeedApproval: true });
  });

  it('is read and changed by admins only (401 signed out, 403 for every other role), and refuses a body that is not true or false', async () => {
    expect((await get('/api/admin/approval')).statusCode).toBe(401);
    expect((await put(undefined, { restaurantsNeedApproval: true })).statusCode).toBe(401);
    for (const role of ['customer', 'restaurant', 'manager', 'driver'] as const) {
      const user = await createUser(t, { role });
      expect((await get('/api/admin/approval', user)).statusCode, role).toBe(403);
      expect((await put(user, { restaurantsNeedApproval: true })).statusCode, role).toBe(403);
    }
    const admin = await createUser(t, { role: 'admin' });
    for (const payload of [{}, { restaurantsNeedApproval: 'yes' }, { restaurantsNeedApproval: null }]) {
      const res = await put(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(APPROVAL_MESSAGES.required);
    }
    const [row] = await t.app.db.select().from(commissionSettings);
    expect(row?.restaurantsNeedApproval).toBeNull();
  });

  it('keeps a new restaurant out of sight while it is on, until an admin activates it', async () => {
    const admin = await createUser(t, { role: 'admin' });
    await put(admin, { restaurantsNeedApproval: true });
    const owner = await createUser(t, { role: 'restaurant' });

    const created = await setUp(owner);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: string }>();
    expect(created.json()).toMatchObject({ isActive: false, awaitingApproval: true });
    expect((await get('/api/restaurants/mine', owner)).json()).toMatchObject({ id, isActive: false, awaitingApproval: true });
    // The owner builds the menu meanwhile.
    const dish = await t.app.inject({
      method: 'POST',
      url: `/api/restaurants/${id}/menu-items`,
      headers: owner.authHeader,
      payload: { name: 'Jollof', price: '45.00', category: 'Main Course' },
    });
    expect(dish.statusCode, dish.body).toBe(201);
    expect(await listed()).toEqual([]);
    expect((await get(`/api/restaurants/${id}`)).statusCode).toBe(404);
    expect((await get(`/api/restaurants/${id}/menu`)).statusCode).toBe(404);
    expect((await get('/api/admin/restaurants', admin)).json().items).toMatchObject([
      { id, isActive: false, awaitingApproval: true },
    ]);

    const activated = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/restaurants/${id}/active`,
      headers: admin.authHeader,
      payload: { active: true },
    });
    expect(activated.json()).toMatchObject({ id, isActive: true, awaitingApproval: false });
    expect((await get('/api/restaurants/mine', owner)).json()).toMatchObject({ id, isActive: true, awaitingApproval: false });
    expect(await listed()).toEqual([id]);
    expect((await get(`/api/restaurants/${id}/menu`)).statusCode).toBe(200);
  });

  it('tells a restaurant an admin deactivated from one awaiting approval', async () => {
    const admin = await createUser(t, { role: 'admin' });
    await put(admin, { restaurantsNeedApproval: true });
    const owner = await createUser(t, { role: 'restaurant' });
    const { id } = (await setUp(owner)).json<{ id: string }>();
    const setActive = (active: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/restaurants/${id}/active`,
        headers: admin.authHeader,
        payload: { active },
      });

    expect((await setActive(true)).json()).toMatchObject({ id, isActive: true, awaitingApproval: false });
    const deactivated = await setActive(false);
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    expect(deactivated.json()).toMatchObject({ id, isActive: false, awaitingApproval: false });
    expect((await get('/api/restaurants/mine', owner)).json()).toMatchObject({ id, isActive: false, awaitingApproval: false });
    expect((await get('/api/admin/restaurants', admin)).json().items).toMatchObject([
      { id, isActive: false, awaitingApproval: false },
    ]);
    // Still on, the setting does not make a restaurant taken down wait again; an admin's decision stands.
    expect((await get('/api/admin/approval', admin)).json()).toEqual({ restaurantsNeedApproval: true });

    const waitingOwner = await createUser(t, { role: 'restaurant' });
    const waiting = (await setUp(waitingOwner)).json<{ id: string }>();
    const decided = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/restaurants/${waiting.id}/active`,
      headers: admin.authHeader,
      payload: { active: false },
    });
    // Deactivating one that waits is the admin's decision too: it is no longer waiting, but taken down.
    expect(decided.json()).toMatchObject({ id: waiting.id, isActive: false, awaitingApproval: false });
  });

  it('opens a new restaurant at once while it is off', async () => {
    const admin = await createUser(t, { role: 'admin' });
    await put(admin, { restaurantsNeedApproval: false });
    const created = await setUp(await createUser(t, { role: 'restaurant' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ isActive: true, awaitingApproval: false });
    expect(await listed()).toEqual([created.json().id]);
  });
});
