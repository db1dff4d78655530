import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertMenuItem, insertRestaurant } from '../restaurants/testFixtures.js';
import { createUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { refusalFor } from './databaseErrors.js';

describe('refusalFor', () => {
  it.each([
    ['22001', 400, 'A value is too long'],
    ['22003', 400, 'A number is out of range'],
    ['22007', 400, 'A date or time has the wrong format'],
    ['22008', 400, 'A date or time is out of range'],
    ['22012', 400, 'A value is out of the allowed range'],
    ['22021', 400, 'A value contains characters that cannot be stored'],
    ['22023', 400, 'A value is not valid'],
    ['2201B', 400, 'A value is not valid'],
    ['2201W', 400, 'A value is not valid'],
    ['22P02', 400, 'A value has the wrong format'],
    ['22P05', 400, 'A value contains characters that cannot be stored'],
    ['23502', 400, 'A required value is missing'],
    ['23503', 400, 'It refers to something that does not exist'],
    ['23505', 409, 'That already exists'],
    ['23514', 400, 'A value is out of the allowed range'],
    ['23P01', 409, 'That conflicts with data already stored'],
    ['40001', 409, 'Someone else changed this at the same time. Please try again.'],
    ['40P01', 409, 'Someone else changed this at the same time. Please try again.'],
    ['54000', 400, 'A value is too large to store'],
    ['54001', 400, 'A value is too large to store'],
  ])('answers %s with %i', (code, status, message) => {
    expect(refusalFor(code)).toMatchObject({ status, message });
  });

  it.each(['42P01', '42703', '08006', '53300', '57014', 'XX000', '25P02'])('leaves %s to the server (500)', (code) => {
    expect(refusalFor(code)).toBeUndefined();
  });
});

/**
 * The real checkout statement, refused by the database for what the customer sent: the test's
 * database gets a narrower column, a check and a wide index, so each error class arises for real.
 */
describe('database errors through the checkout route', () => {
  const t = useTestApp({}, { changesSchema: true });
  const WIDE_ADDRESS = 'an address that makes a very wide index row';

  beforeAll(async () => {
    const db = t.database.db;
    await db.execute(sql`alter table orders alter column notes type varchar(20)`);
    await db.execute(sql`alter table orders add constraint test_refused_notes check (notes <> 'refused')`);
    // 90 md5 digests (2,880 characters that do not compress) in one btree entry: over its 2,704-byte limit.
    const digests = Array.from({ length: 90 }, (_, i) => `md5(delivery_address || '${i}')`).join(' || ');
    await db.execute(sql.raw(`create index test_wide on orders ((${digests})) where delivery_address = '${WIDE_ADDRESS}'`));
    await db.execute(sql`
      create function test_internal_failure() returns trigger language plpgsql as $$
      begin raise exception 'select secret_column from secret_table' using errcode = 'XX000'; end $$`);
    await db.execute(sql`
      create trigger test_internal_failure before insert on orders
      for each row when (new.notes = 'internal') execute function test_internal_failure()`);
  });

  async function checkout(extra: { notes?: string; deliveryAddress?: string }) {
    const owner = await createUser(t, { role: 'restaurant' });
    const restaurant = await insertRestaurant(t.app.db, { ownerId: owner.userId });
    const dish = await insertMenuItem(t.app.db, { restaurantId: restaurant.id, price: 2500 });
    const customer = await createUser(t, { role: 'customer' });
    const orderId = randomUUID();
    return t.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...customer.authHeader, 'idempotency-key': orderId },
      payload: {
        orderId,
        restaurantId: restaurant.id,
        items: [{ menuItemId: dish.id, quantity: 1 }],
        deliveryAddress: '4 Ring Road, Accra',
        deliveryPhone: '+233 24 555 0101',
        paymentMethod: 'cash',
        ...extra,
      },
    });
  }

  it('answers a data exception (class 22: a value too long for its column) with 400', async () => {
    const res = await checkout({ notes: 'Please ring the bell twice' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'bad_request', message: 'A value is too long' } });
  });

  it('answers an integrity violation (class 23: a check constraint) with 400', async () => {
    const res = await checkout({ notes: 'refused' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'bad_request', message: 'A value is out of the allowed range' } });
  });

  it('answers a program limit (class 54: an index row too big) with 400', async () => {
    const res = await checkout({ deliveryAddress: WIDE_ADDRESS });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'bad_request', message: 'A value is too large to store' } });
  });

  it('answers any other database error with a 500 that quotes no SQL and no stack', async () => {
    const res = await checkout({ notes: 'internal' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
    expect(res.body).not.toMatch(/secret|select|insert|at .*\.ts/);
  });
});

describe('errors Fastify raises before a route runs', () => {
  const t = useTestApp();

  it('answers a path with a broken %-escape with 400 in our error shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'bad_request', message: 'That address is not valid' } });
  });

  it('lets a long path parameter reach its schema (400 with its message) and answers a huge one with 414', async () => {
    const long = await t.app.inject({ method: 'GET', url: `/api/restaurants/${'a'.repeat(150)}` });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe('That is not a valid restaurant id');
    const huge = await t.app.inject({ method: 'GET', url: `/api/restaurants/${'a'.repeat(600)}` });
    expect(huge.statusCode).toBe(414);
    expect(huge.json()).toEqual({ error: { code: 'bad_request', message: 'That address is too long' } });
  });

  it('answers a plain GET of the realtime address (no WebSocket upgrade) with 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/realtime' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Open /api/realtime as a WebSocket');
  });
});
