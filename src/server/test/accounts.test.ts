import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { drivers } from '../db/schema.js';
import { decodeJwt } from 'jose';
import { createUser } from './accounts.js';
import { useTestApp } from './app.js';

describe('createUser test helper', () => {
  const t = useTestApp();

  it('creates a signed-in user whose access token carries the role', async () => {
    const user = await createUser(t, { role: 'restaurant' });
    expect(decodeJwt(user.accessToken)).toMatchObject({ sub: user.userId, role: 'restaurant' });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.authHeader })).statusCode).toBe(200);
    expect(user.authHeader).toEqual({ authorization: `Bearer ${user.accessToken}` });
    expect(user.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('gives drivers a vehicle row, verified only when asked', async () => {
    const plain = await createUser(t, { role: 'driver' });
    const verified = await createUser(t, { role: 'driver', verifiedDriver: true });
    const rows = await t.app.db.select().from(drivers);
    const byId = new Map(rows.map((r) => [r.userId, r]));
    expect(byId.get(plain.userId)?.isVerified).toBe(false);
    expect(byId.get(verified.userId)?.isVerified).toBe(true);
    const [row] = await t.app.db.select().from(drivers).where(eq(drivers.userId, plain.userId));
    expect(row?.nationalIdUrl).toMatch(/^\/api\/files\/national-ids\//);
  });

  it('uses the given email, lower-cased, and refuses a duplicate', async () => {
    const user = await createUser(t, { role: 'customer', email: 'Ama@Example.com', password: 'secret99' });
    expect(user.email).toBe('ama@example.com');
    expect(user.password).toBe('secret99');
    await expect(createUser(t, { role: 'customer', email: 'ama@example.com' })).rejects.toThrow(/already exists/);
  });
});
