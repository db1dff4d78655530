import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import type { Database } from '../db/client.js';
import { insertMenuItem, insertRestaurant } from '../restaurants/testFixtures.js';
import { createUser } from '../test/accounts.js';
import { testConfig, type TestContext } from '../test/app.js';
import { openTestDatabase } from '../test/database.js';
import { multipart } from '../test/images.js';
import { captureLog, type CapturedLog } from '../test/logCapture.js';
import { serializeError } from './logging.js';

/** Values a customer sends that the database refuses through a constraint the test adds. */
const ADDRESS = 'House 7, Lagos Avenue, East Legon, Accra';
const PHONE = '+233 24 987 6543';
const NOTES = 'Gate code 4471, call on arrival';
const REFUSED_EMAIL = 'refused-signup@example.com';

describe('the log when a database statement fails', () => {
  const t = {} as TestContext;
  let database: Database;
  let app: App;
  let log: CapturedLog;
  beforeAll(async () => {
    database = await openTestDatabase();
    log = captureLog();
    const config = testConfig({ RATE_LIMIT_DISABLED: '1' });
    app = await buildApp(config, { database, logger: log.options });
    await app.ready();
    Object.assign(t, { app, database, config });
    // Real statements of real routes fail on these, as a unique race or a new rule would make them.
    await database.db.execute(
      sql.raw(`alter table orders add constraint test_refuses_address check (delivery_address <> '${ADDRESS}')`),
    );
    await database.db.execute(sql.raw(`alter table users add constraint test_refuses_email check (email <> '${REFUSED_EMAIL}')`));
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('holds the error code, route and request id of a failed checkout, and no address, phone, notes or delivery code', async () => {
    const owner = await createUser(t, { role: 'restaurant' });
    const restaurant = await insertRestaurant(app.db, { ownerId: owner.userId });
    const dish = await insertMenuItem(app.db, { restaurantId: restaurant.id, price: 2500 });
    const customer = await createUser(t, { role: 'customer' });
    const orderId = randomUUID();

    const res = await app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: { ...customer.authHeader, 'idempotency-key': orderId },
      payload: {
        orderId,
        restaurantId: restaurant.id,
        items: [{ menuItemId: dish.id, quantity: 1 }],
        deliveryAddress: ADDRESS,
        deliveryPhone: PHONE,
        notes: NOTES,
        paymentMethod: 'cash',
      },
    });

    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).not.toContain(ADDRESS);
    const failure = log.entries().find((entry) => entry.msg === 'database refused the input');
    expect(failure).toMatchObject({ reqId: expect.any(String), route: '/api/orders', err: { code: '23514' } });
    const text = log.text();
    for (const secret of [ADDRESS, PHONE, NOTES, customer.accessToken, 'Failing row', 'params:']) {
      expect(text).not.toContain(secret);
    }
    // The delivery code is six digits the server drew: no six-digit number appears at all.
    expect(text).not.toMatch(/(?<![\d.])\d{6}(?![\d.])/);
  });

  it('holds no password hash when a sign-up statement fails', async () => {
    const form = multipart({
      fullName: 'Refused Person',
      phone: PHONE,
      email: REFUSED_EMAIL,
      password: 'correct-horse',
      role: 'customer',
    });
    const res = await app.inject({ method: 'POST', url: '/api/auth/signup', ...form });

    expect(res.statusCode).toBe(400);
    const failure = log
      .entries()
      .find((entry) => entry.msg === 'database refused the input' && entry.route === '/api/auth/signup');
    expect(failure).toMatchObject({ reqId: expect.any(String), err: { code: '23514', constraint: 'test_refuses_email' } });
    const text = log.text();
    for (const secret of ['$argon2', 'correct-horse', REFUSED_EMAIL, PHONE]) expect(text).not.toContain(secret);
  });

  it('logs requests without their query string or headers', async () => {
    const customer = await createUser(t, { role: 'customer' });
    await app.inject({ method: 'GET', url: '/auth?reset=secret-reset-token', headers: customer.authHeader });
    const text = log.text();
    expect(text).not.toContain('secret-reset-token');
    expect(text).not.toContain(customer.accessToken);
  });
});

describe('serializeError', () => {
  it('keeps the SQLSTATE and names of a wrapped database error, and none of its values', () => {
    const cause = Object.assign(new Error('new row for relation "orders" violates check constraint'), {
      code: '23514',
      constraint: 'orders_amounts_check',
      table: 'orders',
      detail: 'Failing row contains (0551234567, 4 Ring Road)',
      where: 'SQL function',
    });
    const wrapped = Object.assign(new Error('Failed query: insert ...\nparams: 0551234567,4 Ring Road'), {
      query: 'insert ...',
      params: ['0551234567', '4 Ring Road'],
      cause,
    });
    expect(serializeError(wrapped)).toEqual({
      type: 'Error',
      code: '23514',
      constraint: 'orders_amounts_check',
      table: 'orders',
    });
  });

  it('logs a failed statement without a SQLSTATE by its cause only', () => {
    const wrapped = Object.assign(new Error('Failed query: select\nparams: $argon2id$v=19$abc'), {
      query: 'select',
      params: ['$argon2id$v=19$abc'],
      cause: new Error('Connection terminated unexpectedly'),
    });
    const serialized = serializeError(wrapped);
    expect(JSON.stringify(serialized)).not.toContain('argon2');
    expect(serialized.cause).toMatchObject({ message: 'Connection terminated unexpectedly' });
  });

  it('hides email addresses a mail server echoed in its refusal', () => {
    const serialized = serializeError(
      new Error("Can't send mail - all recipients were rejected: 550 <ama@example.com>: no such user"),
    );
    expect(serialized.message).toBe("Can't send mail - all recipients were rejected: 550 <[email]>: no such user");
    expect(String(serialized.stack)).not.toContain('ama@example.com');
  });

  it("leaves a stack's paths through scoped packages readable", () => {
    const error = new Error('Unexpected end of form');
    error.stack =
      'Error: Unexpected end of form\n    at Multipart._final (/app/node_modules/@fastify/busboy/lib/types/multipart.js:588:17)';
    expect(serializeError(error).stack).toContain('/app/node_modules/@fastify/busboy/lib/types/multipart.js:588:17');
  });
});
