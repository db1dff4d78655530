import { ALWAYS_OPEN } from '@shared/restaurants/hours.js';
import { describe, expect, it } from 'vitest';
import { createUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { insertAccountWithoutPassword, insertRestaurant } from './testFixtures.js';

describe('public restaurants', () => {
  const t = useTestApp();

  const newRestaurant = async (fields: { name?: string; isActive?: boolean; createdAt?: Date } = {}) =>
    insertRestaurant(t.app.db, { ownerId: await insertAccountWithoutPassword(t.app.db, 'restaurant'), ...fields });

  it('lists active restaurants only, newest first, without signing in', async () => {
    const older = await newRestaurant({ name: 'Older', createdAt: new Date('2026-01-01T10:00:00Z') });
    const newer = await newRestaurant({ name: 'Newer', createdAt: new Date('2026-02-01T10:00:00Z') });
    await newRestaurant({ name: 'Closed', isActive: false });

    const res = await t.app.inject({ method: 'GET', url: '/api/restaurants' });

    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: newer.id,
        name: 'Newer',
        description: newer.description,
        address: newer.address,
        phone: newer.phone,
        imageUrl: null,
        country: 'Ghana',
        currencySymbol: 'GH₵',
        latitude: newer.latitude,
        longitude: newer.longitude,
        minOrderAmount: 0,
        timeZone: 'UTC',
        openingHours: ALWAYS_OPEN,
        pause: null,
        prepMinutes: 20,
        busyMinutes: 0,
        rating: null,
        matchedDish: null,
      },
      expect.objectContaining({ id: older.id, name: 'Older' }),
    ]);
  });

  it('answers an empty list when no restaurant is open', async () => {
    await newRestaurant({ isActive: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/restaurants' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it('shows one active restaurant by id', async () => {
    const restaurant = await newRestaurant({ name: 'Buka' });
    const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurant.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: restaurant.id, name: 'Buka', currencySymbol: 'GH₵' });
    expect(res.json()).not.toHaveProperty('ownerId');
    expect(res.json()).not.toHaveProperty('isActive');
  });

  it('hides an inactive restaurant as if it did not exist', async () => {
    const restaurant = await newRestaurant({ isActive: false });
    const res = await t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurant.id}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Restaurant not found' } });
  });

  it('answers 404 for an unknown id and 400 for something that is not an id', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/restaurants/3b241101-e2bb-4255-8caf-4136c566a962' });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'GET', url: "/api/restaurants/1'%20or%201=1" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.message).toMatch(/not a valid restaurant id/);
  });
});

describe("the owner's own restaurant", () => {
  const t = useTestApp();

  it('answers the owner with their restaurant, active or not, and 404 before setup', async () => {
    const owner = await createUser(t, { role: 'restaurant' });
    const before = await t.app.inject({ method: 'GET', url: '/api/restaurants/mine', headers: owner.authHeader });
    expect(before.statusCode).toBe(404);
    expect(before.json().error.message).toBe('No restaurant found');

    const restaurant = await insertRestaurant(t.app.db, { ownerId: owner.userId, isActive: false });
    const res = await t.app.inject({ method: 'GET', url: '/api/restaurants/mine', headers: owner.authHeader });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: restaurant.id, name: restaurant.name, isActive: false });
  });
});
