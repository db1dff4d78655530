import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { VerificationDriver } from '@shared/admin/verificationList.js';
import { drivers } from '../db/schema.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp, type TestContext } from '../test/app.js';
import { multipart, pngImage } from '../test/images.js';

const URL = '/api/admin/verification/drivers';

async function page(t: TestContext, admin: TestUser, query = '') {
  const res = await t.app.inject({ method: 'GET', url: `${URL}${query}`, headers: admin.authHeader });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: VerificationDriver[]; nextCursor: string | null }>();
}

/** Drivers signed up a minute apart, oldest first, each verified or not as given. */
async function driversSignedUp(t: TestContext, verified: readonly boolean[]) {
  const made: { userId: string; verified: boolean }[] = [];
  for (const [index, isVerified] of verified.entries()) {
    const driver = await createUser(t, { role: 'driver', verifiedDriver: isVerified, fullName: `Driver ${index}` });
    const createdAt = new Date(Date.UTC(2026, 0, 1, 12, index));
    await t.app.db.update(drivers).set({ createdAt }).where(eq(drivers.userId, driver.userId));
    made.push({ userId: driver.userId, verified: isVerified });
  }
  return made;
}

describe('GET /api/admin/verification/drivers', () => {
  const t = useTestApp();

  it('answers 401 without a session and 403 to every role but admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    for (const role of ['customer', 'restaurant', 'manager', 'driver'] as const) {
      const user = await createUser(t, { role, verifiedDriver: role === 'driver' });
      expect((await t.app.inject({ method: 'GET', url: URL, headers: user.authHeader })).statusCode, role).toBe(403);
    }
  });

  it('is empty without drivers', async () => {
    const admin = await createUser(t, { role: 'admin' });
    expect(await page(t, admin)).toEqual({ items: [], nextCursor: null });
  });

  it('lists drivers waiting for verification first, then the verified, newest first in each, page after page', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const made = await driversSignedUp(t, [false, true, false, true, true, false, false]);
    const expected = [...made.filter((d) => !d.verified).reverse(), ...made.filter((d) => d.verified).reverse()].map(
      (d) => d.userId,
    );

    const whole = await page(t, admin);
    expect(whole.items.map((d) => d.userId)).toEqual(expected);
    expect(whole.items.map((d) => d.isVerified)).toEqual([false, false, false, false, true, true, true]);
    expect(whole.nextCursor).toBeNull();

    for (const limit of [1, 2, 3, 4]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `?limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const next = await page(t, admin, query);
        expect(next.items.length).toBeLessThanOrEqual(limit);
        seen.push(...next.items.map((d) => d.userId));
        cursor = next.nextCursor;
      } while (cursor);
      expect(seen, `limit ${limit}`).toEqual(expected);
    }
  });

  it('carries the name, photo and sign-up time of each driver', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const [made] = await driversSignedUp(t, [false]);
    const { items } = await page(t, admin);
    expect(items[0]).toMatchObject({
      userId: made!.userId,
      fullName: 'Driver 0',
      avatarUrl: null,
      isVerified: false,
      createdAt: '2026-01-01T12:00:00.000Z',
    });
  });

  it("gives a national ID link signed for the admin, which opens the driver's private file without a token", async () => {
    const admin = await createUser(t, { role: 'admin' });
    const driver = await createUser(t, { role: 'driver' });
    const form = multipart({}, { file: { data: await pngImage(), filename: 'id.png', contentType: 'image/png' } });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/storage/national-ids',
      payload: form.payload,
      headers: { ...form.headers, ...driver.authHeader },
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const stored: string = upload.json().url;
    await t.app.db.update(drivers).set({ nationalIdUrl: stored }).where(eq(drivers.userId, driver.userId));

    const [item] = (await page(t, admin)).items;
    expect(item?.nationalIdUrl).toMatch(new RegExp(`^${stored.replace(/[.]/g, '\\.')}\\?expires=\\d+&sig=[\\w-]+$`));
    expect((await t.app.inject({ method: 'GET', url: stored })).statusCode).toBe(404);
    const viewed = await t.app.inject({ method: 'GET', url: item!.nationalIdUrl! });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.headers['content-type']).toBe('image/webp');
  });

  it('gives no link when the stored national ID is not a file of that bucket', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const driver = await createUser(t, { role: 'driver' });
    for (const stored of [
      'https://elsewhere.example/id.jpg',
      '/api/files/profile-pictures/0b7c8c34-7f59-4f0e-9a59-0c4d2a0e8a11.webp',
    ]) {
      await t.app.db.update(drivers).set({ nationalIdUrl: stored }).where(eq(drivers.userId, driver.userId));
      expect((await page(t, admin)).items[0]?.nationalIdUrl, stored).toBeNull();
    }
  });

  it('refuses a cursor it did not make and a page size out of range', async () => {
    const admin = await createUser(t, { role: 'admin' });
    for (const query of ['?cursor=2_1_x', '?cursor=0_123', '?limit=0', '?limit=51']) {
      const res = await t.app.inject({ method: 'GET', url: `${URL}${query}`, headers: admin.authHeader });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
