import { describe, expect, it } from 'vitest';
import { PLACE_MESSAGES } from '@shared/places/fields.js';
import { MAX_SAVED_PLACES, SAVED_PLACE_MESSAGES, type SavedPlace } from '@shared/places/schemas.js';
import { NUL_MESSAGE } from '@shared/fields.js';
import { savedPlaces } from '../db/schema.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';

const HOME = {
  label: 'Home',
  address: '12 Oxford Street, Osu',
  latitude: 5.556,
  longitude: -0.182,
  landmark: 'Opposite the Total filling station, blue gate',
  gpsCode: 'ga 183 8164',
};

describe('saved places', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: 'true' });

  const send = (user: TestUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: user.authHeader, ...(payload ? { payload } : {}) });
  const save = (user: TestUser, place: object) => send(user, 'POST', '/api/places', place);
  const mine = async (user: TestUser) => (await send(user, 'GET', '/api/places')).json<{ places: SavedPlace[] }>().places;
  const errorOf = (res: { json: () => unknown }) =>
    (res.json() as { error: { message: string; fields?: Record<string, string> } }).error;

  it('saves a place with its GPS code written the one way, lists it, and forgets it', async () => {
    const customer = await createUser(t, { role: 'customer' });
    const res = await save(customer, HOME);
    expect(res.statusCode).toBe(201);
    const saved = res.json<SavedPlace>();
    expect(saved).toMatchObject({ label: 'Home', address: HOME.address, landmark: HOME.landmark, gpsCode: 'GA-183-8164' });
    expect(await mine(customer)).toEqual([saved]);

    expect((await send(customer, 'DELETE', `/api/places/${saved.id}`)).statusCode).toBe(204);
    expect(await mine(customer)).toEqual([]);
  });

  it('lists the most recently used place first, marking a place used when it is chosen (its id in any case)', async () => {
    const customer = await createUser(t, { role: 'customer' });
    const home = (await save(customer, HOME)).json<SavedPlace>();
    const office = (await save(customer, { ...HOME, label: 'Office', landmark: null, gpsCode: '' })).json<SavedPlace>();
    expect((await mine(customer)).map((place) => place.label)).toEqual(['Office', 'Home']);
    expect(office).toMatchObject({ landmark: null, gpsCode: null });

    const used = await send(customer, 'POST', `/api/places/${home.id.toUpperCase()}/used`);
    expect(used.statusCode).toBe(200);
    expect((await mine(customer)).map((place) => place.label)).toEqual(['Home', 'Office']);
  });

  it('refuses a second place of the same name, whatever its letter case, with 409', async () => {
    const customer = await createUser(t, { role: 'customer' });
    await save(customer, HOME);
    for (const label of ['Home', 'HOME', ' home ']) {
      const res = await save(customer, { ...HOME, label });
      expect(res.statusCode).toBe(409);
      expect(errorOf(res).message).toBe(SAVED_PLACE_MESSAGES.duplicateLabel(label.trim()));
    }
    // Another customer's Home is theirs.
    expect((await save(await createUser(t, { role: 'customer' }), HOME)).statusCode).toBe(201);
  });

  it(`keeps at most ${MAX_SAVED_PLACES} places a customer, saying so`, async () => {
    const customer = await createUser(t, { role: 'customer' });
    await t.app.db.insert(savedPlaces).values(
      Array.from({ length: MAX_SAVED_PLACES }, (_, index) => ({
        userId: customer.userId,
        label: `Place ${index}`,
        address: HOME.address,
        latitude: HOME.latitude,
        longitude: HOME.longitude,
      })),
    );
    const res = await save(customer, HOME);
    expect(res.statusCode).toBe(422);
    expect(errorOf(res).message).toBe(SAVED_PLACE_MESSAGES.tooMany);
  });

  it('refuses bad input with 400 and the field it is about', async () => {
    const customer = await createUser(t, { role: 'customer' });
    const cases: [object, string, string][] = [
      [{ ...HOME, gpsCode: 'Osu, near the castle' }, 'gpsCode', PLACE_MESSAGES.gpsCode],
      [{ ...HOME, latitude: undefined, longitude: undefined }, 'latitude', SAVED_PLACE_MESSAGES.pinRequired],
      [{ ...HOME, latitude: 91 }, 'latitude', SAVED_PLACE_MESSAGES.pinRequired],
      [{ ...HOME, label: '' }, 'label', SAVED_PLACE_MESSAGES.labelRequired],
      [{ ...HOME, label: 'x'.repeat(41) }, 'label', SAVED_PLACE_MESSAGES.labelTooLong],
      [{ ...HOME, address: '  ' }, 'address', SAVED_PLACE_MESSAGES.addressRequired],
      [{ ...HOME, address: 'x'.repeat(301) }, 'address', SAVED_PLACE_MESSAGES.addressTooLong],
      [{ ...HOME, landmark: 'x'.repeat(201) }, 'landmark', PLACE_MESSAGES.landmarkTooLong],
      [{ ...HOME, label: 'Ho\u0000me' }, 'label', NUL_MESSAGE],
      [{ ...HOME, landmark: 'blue\u0000gate' }, 'landmark', NUL_MESSAGE],
    ];
    for (const [place, field, message] of cases) {
      const res = await save(customer, place);
      expect(res.statusCode, field).toBe(400);
      expect(errorOf(res).fields?.[field], field).toBe(message);
    }
    expect(await mine(customer)).toEqual([]);
    expect((await send(customer, 'DELETE', '/api/places/not-a-uuid')).statusCode).toBe(400);
  });

  it("answers 404 for another customer's place or one that does not exist, and leaves theirs alone", async () => {
    const customer = await createUser(t, { role: 'customer' });
    const other = await createUser(t, { role: 'customer' });
    const home = (await save(customer, HOME)).json<SavedPlace>();
    for (const res of [
      await send(other, 'DELETE', `/api/places/${home.id}`),
      await send(other, 'POST', `/api/places/${home.id}/used`),
      await send(customer, 'DELETE', `/api/places/${crypto.randomUUID()}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).message).toBe(SAVED_PLACE_MESSAGES.notFound);
    }
    expect(await mine(other)).toEqual([]);
    expect(await mine(customer)).toHaveLength(1);
  });

  it('is for customers only', async () => {
    for (const role of ['restaurant', 'driver', 'admin', 'manager'] as const) {
      const user = await createUser(t, { role });
      expect((await send(user, 'GET', '/api/places')).statusCode, role).toBe(403);
      expect((await save(user, HOME)).statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/places' })).statusCode).toBe(401);
  });
});
