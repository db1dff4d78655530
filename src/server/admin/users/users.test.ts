import { eq, inArray } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { ADMIN_USER_MESSAGES, adminUserPageSchema, adminUserViewSchema, type AdminUserView } from '@shared/admin/users.js';
import { MESSAGES } from '@shared/auth/schemas.js';
import { userRoles, users } from '../../db/schema.js';
import { createUser, type TestUser } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { postAuth } from '../../test/sessions.js';

describe('User Management API', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: '1' });

  const as = (user: TestUser | { authHeader: { authorization: string } }) => user.authHeader;
  const list = async (admin: TestUser, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: as(admin) });
    expect(res.statusCode, res.body).toBe(200);
    return adminUserPageSchema.parse(res.json());
  };
  const emailsOf = (page: { items: AdminUserView[] }) => page.items.map((user) => user.email);
  const patchRole = (admin: TestUser, userId: string, role: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/users/${userId}/role`, headers: as(admin), payload: { role } });
  const patchDisabled = (admin: TestUser, userId: string, disabled: boolean) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/users/${userId}/disabled`, headers: as(admin), payload: { disabled } });
  /** A token this instance already verified is refused once the revocation's NOTIFY arrives: within moments, hence the polls. */
  const me = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });
  const roleInDb = async (userId: string) =>
    (await t.app.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)))[0]?.role;

  it('lets only admins in: 401 without a session, 403 for every other role', async () => {
    const target = await createUser(t, { role: 'customer' });
    const requests = [
      { method: 'GET' as const, url: '/api/admin/users' },
      { method: 'PATCH' as const, url: `/api/admin/users/${target.userId}/role`, payload: { role: 'admin' } },
      { method: 'PATCH' as const, url: `/api/admin/users/${target.userId}/disabled`, payload: { disabled: true } },
    ];
    const callers = await Promise.all(
      (['customer', 'restaurant', 'manager', 'driver'] as const).map((role) => createUser(t, { role })),
    );
    for (const request of requests) {
      expect((await t.app.inject(request)).statusCode).toBe(401);
      for (const caller of callers) expect((await t.app.inject({ ...request, headers: caller.authHeader })).statusCode).toBe(403);
    }
    expect(await roleInDb(target.userId)).toBe('customer');
  });

  it('lists every account newest first with its profile, role, state and joined date', async () => {
    const admin = await createUser(t, { role: 'admin', fullName: 'Abena Darko' });
    const ama = await createUser(t, { role: 'customer', fullName: 'Ama Owusu', phone: '+233 24 111 2222' });
    const page = await list(admin);
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((user) => user.id)).toEqual([ama.userId, admin.userId]);
    expect(page.items[0]).toEqual({
      id: ama.userId,
      email: ama.email,
      fullName: 'Ama Owusu',
      phone: '+233 24 111 2222',
      avatarUrl: null,
      role: 'customer',
      disabled: false,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('finds users by name, phone or email in any letter case, on the server, and filters by role', async () => {
    const admin = await createUser(t, { role: 'admin', fullName: 'Abena Darko', phone: '+233 20 000 0001' });
    await createUser(t, { role: 'customer', fullName: 'Kwesi Appiah', email: 'kwesi@example.com', phone: '+233 24 555 0101' });
    await createUser(t, {
      role: 'driver',
      fullName: 'Yaa Asantewaa',
      email: 'queen.mother@example.com',
      phone: '+233 27 777 8888',
    });
    await createUser(t, { role: 'restaurant', fullName: 'Kofi 100% Jollof', email: 'kofi_jollof@example.com' });

    expect(emailsOf(await list(admin, '?q=KWESI%20app'))).toEqual(['kwesi@example.com']);
    expect(emailsOf(await list(admin, '?q=asantewaa'))).toEqual(['queen.mother@example.com']);
    expect(emailsOf(await list(admin, '?q=QUEEN.Mother'))).toEqual(['queen.mother@example.com']);
    expect(emailsOf(await list(admin, '?q=555%200101'))).toEqual(['kwesi@example.com']);
    // Shorter than a trigram: found by reading the list, with the same rule.
    expect(emailsOf(await list(admin, '?q=YA'))).toEqual(['queen.mother@example.com']);
    // Wildcards are taken literally.
    expect(emailsOf(await list(admin, '?q=100%25'))).toEqual(['kofi_jollof@example.com']);
    expect(emailsOf(await list(admin, '?q=i_j'))).toEqual(['kofi_jollof@example.com']);
    expect(emailsOf(await list(admin, '?q=%25'))).toEqual(['kofi_jollof@example.com']);
    expect((await list(admin, '?q=nobody-like-this')).items).toEqual([]);
    expect(emailsOf(await list(admin, '?role=driver'))).toEqual(['queen.mother@example.com']);
    expect(emailsOf(await list(admin, '?role=admin&q=abena'))).toEqual([admin.email]);
    expect((await list(admin, '?role=customer&q=abena')).items).toEqual([]);
    expect((await list(admin, '?q=%20%20')).items).toHaveLength(4);
  });

  it('pages newest first without repeating or skipping anyone, searched or not', async () => {
    const admin = await createUser(t, { role: 'admin', fullName: 'Abena Darko' });
    for (let i = 0; i < 7; i++) await createUser(t, { role: 'customer', fullName: `Paged Person ${i}` });
    for (const query of ['', '&q=paged%20PERSON', '&q=pe']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const page = await list(admin, `?limit=3${query}${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.items.map((user) => user.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor);
      const expected = query === '' ? 8 : 7;
      expect(seen).toHaveLength(expected);
      expect(new Set(seen).size).toBe(expected);
      expect(pages).toBe(Math.ceil(expected / 3));
    }
  });

  it('refuses bad input with 400 and an unknown user with 404', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const target = await createUser(t, { role: 'customer' });
    for (const query of ['?limit=0', '?limit=51', '?cursor=nope', '?role=emperor', `?q=${'x'.repeat(101)}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: as(admin) });
      expect(res.statusCode, query).toBe(400);
    }
    expect((await patchRole(admin, target.userId, 'emperor')).statusCode).toBe(400);
    expect((await patchRole(admin, 'not-a-uuid', 'customer')).statusCode).toBe(400);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const missing = await patchRole(admin, unknown, 'customer');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(ADMIN_USER_MESSAGES.notFound);
    expect((await patchDisabled(admin, unknown, true)).statusCode).toBe(404);
    expect((await patchDisabled(admin, unknown, false)).statusCode).toBe(404);
  });

  it("changes a role: the user's current token is refused at their next request, and the refreshed one carries the new role", async () => {
    const admin = await createUser(t, { role: 'admin' });
    const user = await createUser(t, { role: 'customer' });
    expect((await me(user.accessToken)).statusCode).toBe(200);

    const res = await patchRole(admin, user.userId, 'restaurant');
    expect(res.statusCode).toBe(200);
    expect(adminUserViewSchema.parse(res.json())).toMatchObject({ id: user.userId, role: 'restaurant' });

    await expect.poll(async () => (await me(user.accessToken)).statusCode).toBe(401);
    const refreshed = await postAuth(t, 'refresh', {}, user.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(refreshed.json().accessToken)).toMatchObject({ role: 'restaurant' });
    expect((await me(refreshed.json().accessToken)).json().role).toBe('restaurant');
    const ownerOnly = await t.app.inject({
      method: 'GET',
      url: '/api/restaurants/mine',
      headers: { authorization: `Bearer ${refreshed.json().accessToken}` },
    });
    expect(ownerOnly.statusCode).not.toBe(403);
  });

  it('leaves a token alone when the role does not change, and gives the driver role only to a driver sign-up', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const user = await createUser(t, { role: 'customer' });
    expect((await patchRole(admin, user.userId, 'customer')).statusCode).toBe(200);
    expect((await me(user.accessToken)).statusCode).toBe(200);

    const toDriver = await patchRole(admin, user.userId, 'driver');
    expect(toDriver.statusCode).toBe(409);
    expect(toDriver.json().error.message).toBe(ADMIN_USER_MESSAGES.noDriverRecord);
    expect(await roleInDb(user.userId)).toBe('customer');

    const driver = await createUser(t, { role: 'driver' });
    expect((await patchRole(admin, driver.userId, 'customer')).statusCode).toBe(200);
    expect((await patchRole(admin, driver.userId, 'driver')).statusCode).toBe(200);
    expect(await roleInDb(driver.userId)).toBe('driver');
  });

  it('never demotes the last active admin, themself included; with another admin, one may step down', async () => {
    const first = await createUser(t, { role: 'admin' });
    const alone = await patchRole(first, first.userId, 'customer');
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error.message).toBe(ADMIN_USER_MESSAGES.lastAdmin);
    expect(await roleInDb(first.userId)).toBe('admin');

    // A disabled admin does not count: they cannot sign in to run anything.
    const dormant = await createUser(t, { role: 'admin' });
    expect((await patchDisabled(first, dormant.userId, true)).statusCode).toBe(200);
    expect((await patchRole(first, first.userId, 'customer')).statusCode).toBe(409);
    expect((await patchRole(first, dormant.userId, 'customer')).statusCode).toBe(200);

    const second = await createUser(t, { role: 'admin' });
    expect((await patchRole(first, first.userId, 'customer')).statusCode).toBe(200);
    expect(await roleInDb(first.userId)).toBe('customer');
    expect((await patchRole(second, second.userId, 'manager')).statusCode).toBe(409);
    // The one who stepped down is no longer let in.
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: as(first) })).statusCode)
      .toBe(401);
  });

  /**
   * Both requests pass the admin check together, then the admins' locks let one change through
   * and make the other see the admin that remains (409). Where one request commits before the
   * other is let in (the embedded database runs one statement at a time), the late one is a
   * demoted or disabled admin, refused with 401. Either way exactly one change happens.
   */
  const oneWon = (answers: { statusCode: number }[]) => {
    const codes = answers.map((res) => res.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([401, 409]).toContain(codes[1]);
  };

  it('leaves one admin when two demote each other at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await createUser(t, { role: 'admin' });
      const b = await createUser(t, { role: 'admin' });
      oneWon(await Promise.all([patchRole(a, b.userId, 'customer'), patchRole(b, a.userId, 'customer')]));
      const remaining = [await roleInDb(a.userId), await roleInDb(b.userId)].filter((role) => role === 'admin');
      expect(remaining).toHaveLength(1);
      await t.app.db.delete(userRoles).where(eq(userRoles.role, 'admin'));
    }
  });

  it('leaves one active admin when two disable each other at the same moment', async () => {
    for (let round = 0; round < 5; round++) {
      const a = await createUser(t, { role: 'admin' });
      const b = await createUser(t, { role: 'admin' });
      oneWon(await Promise.all([patchDisabled(a, b.userId, true), patchDisabled(b, a.userId, true)]));
      const pair = await t.app.db
        .select({ disabledAt: users.disabledAt })
        .from(users)
        .where(inArray(users.id, [a.userId, b.userId]));
      expect(pair.filter((row) => row.disabledAt === null)).toHaveLength(1);
      await t.app.db.delete(userRoles).where(eq(userRoles.role, 'admin'));
    }
  });

  it('disables an account: its token is refused at once, it cannot refresh or sign in; enabled again, it can', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const user = await createUser(t, { role: 'customer', password: 'right-pass' });
    expect((await me(user.accessToken)).statusCode).toBe(200);

    const res = await patchDisabled(admin, user.userId, true);
    expect(res.statusCode).toBe(200);
    expect(adminUserViewSchema.parse(res.json())).toMatchObject({ id: user.userId, disabled: true });
    expect((await list(admin, `?q=${user.email}`)).items[0]?.disabled).toBe(true);

    await expect.poll(async () => (await me(user.accessToken)).statusCode).toBe(401);
    expect((await postAuth(t, 'refresh', {}, user.refreshToken)).statusCode).toBe(403);
    const signIn = await postAuth(t, 'signin', { email: user.email, password: 'right-pass' });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().error.message).toBe(MESSAGES.accountDisabled);
    // Disabling twice changes nothing.
    expect((await patchDisabled(admin, user.userId, true)).statusCode).toBe(200);

    const enabled = await patchDisabled(admin, user.userId, false);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json().disabled).toBe(false);
    const again = await postAuth(t, 'signin', { email: user.email, password: 'right-pass' });
    expect(again.statusCode).toBe(200);
    expect((await me(again.json().accessToken)).statusCode).toBe(200);
  });

  it('does not let an admin disable themself, but lets them disable another admin', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const self = await patchDisabled(admin, admin.userId, true);
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toBe(ADMIN_USER_MESSAGES.notYourself);
    expect((await me(admin.accessToken)).statusCode).toBe(200);

    const other = await createUser(t, { role: 'admin' });
    expect((await patchDisabled(admin, other.userId, true)).statusCode).toBe(200);
    await expect.poll(async () => (await me(other.accessToken)).statusCode).toBe(401);
  });
});
