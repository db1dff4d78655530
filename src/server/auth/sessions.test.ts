import { verify } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MESSAGES, meSchema, sessionSchema } from '@shared/auth/schemas.js';
import { refreshTokens } from '../db/schema.js';
import { createUser } from '../test/accounts.js';
import { useAnotherApp, useTestApp } from '../test/app.js';
import { claimsOf, postAuth, refreshCookieOf } from '../test/sessions.js';
import { setAccountDisabled } from './accountChanges.js';
import { REFRESH_COOKIE } from './cookies.js';
import { UNKNOWN_USER_HASH } from './credentials.js';
import { hashPassword } from './password.js';
import { REFRESH_REUSE_SECONDS } from './sessions.js';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_DAYS, hashToken, signAccessToken } from './tokens.js';

const sessions = useTestApp({ RATE_LIMIT_DISABLED: '1' });

describe('sessions', () => {
  const t = sessions;
  const post = (route: string, payload: object, refreshToken?: string) => postAuth(t, route, payload, refreshToken);
  const signIn = (email: string, password: string) => post('signin', { email, password });
  const refresh = (refreshToken: string) => post('refresh', {}, refreshToken);
  const signOut = (refreshToken: string) => post('signout', {}, refreshToken);
  const me = (accessToken: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });

  describe('POST /api/auth/signin', () => {
    it('signs in with the right password, whatever the email case, and returns a 15-minute session', async () => {
      const user = await createUser(t, { role: 'driver', email: 'kwame@example.com', password: 'right-pass' });
      const before = Date.now();
      const res = await signIn('  KWAME@example.com', 'right-pass');
      expect(res.statusCode).toBe(200);
      const session = sessionSchema.parse(res.json());
      expect(session.user).toMatchObject({ id: user.userId, email: 'kwame@example.com', role: 'driver' });
      expect(session.expiresAt).toBeGreaterThanOrEqual(before + ACCESS_TOKEN_TTL_SECONDS * 1000 - 1000);
      expect(session.expiresAt).toBeLessThanOrEqual(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000);
      expect((await me(session.accessToken)).statusCode).toBe(200);
      expect(res.json()).not.toHaveProperty('refreshToken');
      expect(refreshCookieOf(res)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });

    it('sets the refresh token in an HttpOnly, SameSite=Strict, Secure cookie for the auth routes only', async () => {
      const user = await createUser(t, { role: 'customer', password: 'right-pass' });
      const res = await signIn(user.email, 'right-pass');
      const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE);
      expect(cookie).toMatchObject({
        httpOnly: true,
        sameSite: 'Strict',
        path: '/api/auth',
        secure: true,
        maxAge: REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60,
      });
    });

    it('refuses a disabled account with a 403 that says so, but only for the right password', async () => {
      const user = await createUser(t, { role: 'customer', password: 'right-pass' });
      await setAccountDisabled(t.app.db, user.userId, true);
      const res = await signIn(user.email, 'right-pass');
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(MESSAGES.accountDisabled);
      expect((await signIn(user.email, 'wrong-pass')).statusCode).toBe(401);

      await setAccountDisabled(t.app.db, user.userId, false);
      expect((await signIn(user.email, 'right-pass')).statusCode).toBe(200);
    });

    it('gives the same 401 for a wrong password and for an unknown email', async () => {
      await createUser(t, { role: 'customer', email: 'efua@example.com', password: 'right-pass' });
      const wrongPassword = await signIn('efua@example.com', 'wrong-pass');
      const unknownEmail = await signIn('nobody@example.com', 'right-pass');
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual({ error: { code: 'unauthorized', message: MESSAGES.invalidCredentials } });
      expect(unknownEmail.json()).toEqual(wrongPassword.json());
    });

    it('checks an unknown email against a decoy hash as costly as a real one', async () => {
      const costOf = (passwordHash: string) => passwordHash.split('$')[3];
      expect(costOf(UNKNOWN_USER_HASH)).toBe(costOf(await hashPassword('any password')));
      // A malformed decoy would make argon2 throw at once, and the unknown email answer in ~1 ms.
      await expect(verify(UNKNOWN_USER_HASH, 'wrong-pass')).resolves.toBe(false);
    });

    it('takes about as long for an unknown email as for a wrong password', async () => {
      await createUser(t, { role: 'customer', email: 'yaa@example.com', password: 'right-pass' });
      const timed = async (email: string) => {
        const started = performance.now();
        await signIn(email, 'wrong-pass');
        return performance.now() - started;
      };
      await timed('yaa@example.com');
      // Other work on the machine (the other test worker, the checks beside the suite in CI) only
      // ever adds time, and can slow one kind for a whole spell: pairs are timed, alternated, until
      // the quickest of each shows both checked a hash. Without the decoy hash the unknown email
      // answers in ~1 ms, under half of any wrong password, however many tries it is given.
      let known = Infinity;
      let unknown = Infinity;
      for (let pair = 0; pair < 40 && !(unknown > known * 0.5); pair++) {
        known = Math.min(known, await timed('yaa@example.com'));
        unknown = Math.min(unknown, await timed('ghost@example.com'));
      }
      expect(unknown).toBeGreaterThan(known * 0.5);
    });

    it('rejects a malformed body with a 400 and the field message', async () => {
      const res = await post('signin', { email: 'not-an-email', password: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toMatchObject({ email: 'Please enter a valid email address' });
      const tooLong = await post('signin', { email: 'someone@example.com', password: 'x'.repeat(201) });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().error.fields).toEqual({ password: 'Password is too long' });
    });
  });

  describe('POST /api/auth/refresh', () => {
    it('rotates: sets a new refresh token and returns a fresh access token, and spends the old one', async () => {
      const user = await createUser(t, { role: 'restaurant' });
      const res = await refresh(user.refreshToken);
      expect(res.statusCode).toBe(200);
      const session = sessionSchema.parse(res.json());
      expect(refreshCookieOf(res)).not.toBe(user.refreshToken);
      expect(session.user).toMatchObject({ id: user.userId, role: 'restaurant' });
      expect((await me(session.accessToken)).json().id).toBe(user.userId);

      const rows = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.userId));
      expect(rows).toHaveLength(2);
      expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
      expect(rows.map((r) => r.tokenHash)).not.toContain(user.refreshToken);
      expect(rows.find((r) => r.tokenHash === hashToken(user.refreshToken))?.usedAt).not.toBeNull();
    });

    it('keeps working along the chain of new tokens', async () => {
      const user = await createUser(t, { role: 'customer' });
      let token = user.refreshToken;
      for (let i = 0; i < 3; i++) {
        const res = await refresh(token);
        expect(res.statusCode).toBe(200);
        token = refreshCookieOf(res);
      }
    });

    const spentLongAgo = (refreshToken: string) =>
      t.app.db
        .update(refreshTokens)
        .set({ usedAt: new Date(Date.now() - (REFRESH_REUSE_SECONDS + 1) * 1000) })
        .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));

    it('treats a token spent again after the reuse interval as theft: 401 and the whole family is revoked', async () => {
      const user = await createUser(t, { role: 'customer' });
      const rotated = refreshCookieOf(await refresh(user.refreshToken));
      await spentLongAgo(user.refreshToken);
      const reuse = await refresh(user.refreshToken);
      expect(reuse.statusCode).toBe(401);
      expect(reuse.json().error.message).toBe(MESSAGES.sessionExpired);

      const afterTheft = await refresh(rotated);
      expect(afterTheft.statusCode).toBe(401);
      const rows = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.userId));
      expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    });

    it('revokes only the reused family, not the user’s other sessions', async () => {
      const user = await createUser(t, { role: 'customer', password: 'pass-1234' });
      const otherDevice = refreshCookieOf(await signIn(user.email, 'pass-1234'));
      await refresh(user.refreshToken);
      await spentLongAgo(user.refreshToken);
      await refresh(user.refreshToken);
      expect((await refresh(otherDevice)).statusCode).toBe(200);
    });

    it('lets two simultaneous refreshes with the same token both succeed, in the same session', async () => {
      const user = await createUser(t, { role: 'customer' });
      const results = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
      expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
      const [first, second] = results.map(refreshCookieOf);
      expect(first).not.toBe(second);
      expect((await refresh(first!)).statusCode).toBe(200);
      expect((await refresh(second!)).statusCode).toBe(200);
      const rows = await t.app.db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.userId));
      expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
    });

    it('lets a token spent a moment ago be spent again (another tab, a retry) without ending the session', async () => {
      const user = await createUser(t, { role: 'customer' });
      expect((await refresh(user.refreshToken)).statusCode).toBe(200);
      const again = await refresh(user.refreshToken);
      expect(again.statusCode).toBe(200);
      expect((await me(again.json().accessToken)).statusCode).toBe(200);
    });

    it('refuses a disabled account with a 403, and clears the cookie', async () => {
      const user = await createUser(t, { role: 'customer' });
      await setAccountDisabled(t.app.db, user.userId, true);
      const res = await refresh(user.refreshToken);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(MESSAGES.accountDisabled);
      expect(res.cookies.find((c) => c.name === REFRESH_COOKIE)?.value).toBe('');
    });

    it('answers 401 without a cookie', async () => {
      const res = await post('refresh', {});
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(MESSAGES.sessionExpired);
    });

    it('demands a JSON request, which a form on another site cannot send', async () => {
      const user = await createUser(t, { role: 'customer' });
      for (const contentType of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          headers: { 'content-type': contentType },
          payload: '',
          cookies: { [REFRESH_COOKIE]: user.refreshToken },
        });
        expect(res.statusCode).toBe(415);
        expect(res.json().error.message).toBe(MESSAGES.jsonRequired);
      }
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/auth/signout', cookies: { [REFRESH_COOKIE]: user.refreshToken } }))
          .statusCode,
      ).toBe(415);
      expect((await refresh(user.refreshToken)).statusCode).toBe(200);
    });

    it('refuses an expired refresh token', async () => {
      const user = await createUser(t, { role: 'customer' });
      await t.app.db
        .update(refreshTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(refreshTokens.tokenHash, hashToken(user.refreshToken)));
      const res = await refresh(user.refreshToken);
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(MESSAGES.sessionExpired);
    });

    it('refuses an unknown token', async () => {
      const res = await refresh('made-up-token');
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe(MESSAGES.sessionExpired);
    });
  });

  describe('POST /api/auth/signout', () => {
    it('revokes the session, so its refresh token no longer works, and clears the cookie', async () => {
      const user = await createUser(t, { role: 'customer' });
      const res = await signOut(user.refreshToken);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(res.cookies.find((c) => c.name === REFRESH_COOKIE)).toMatchObject({ value: '', path: '/api/auth' });
      expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    });

    it('also ends tokens issued later in the same family', async () => {
      const user = await createUser(t, { role: 'customer' });
      const rotated = refreshCookieOf(await refresh(user.refreshToken));
      await signOut(rotated);
      expect((await refresh(rotated)).statusCode).toBe(401);
    });

    it('ends the session of the access token alone when no cookie comes with it, so that token stops working', async () => {
      const user = await createUser(t, { role: 'customer' });
      const me = () => t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.authHeader });
      expect((await me()).statusCode).toBe(200);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: user.authHeader, payload: {} });
      expect(res.statusCode).toBe(200);
      // On PostgreSQL the news reaches this instance's registry by LISTEN/NOTIFY, a moment after the commit.
      await expect.poll(async () => (await me()).statusCode).toBe(401);
      expect((await refresh(user.refreshToken)).statusCode).toBe(401);
    });

    it('is idempotent and accepts unknown tokens or none', async () => {
      const user = await createUser(t, { role: 'customer' });
      expect((await signOut(user.refreshToken)).json()).toEqual({ ok: true });
      expect((await signOut(user.refreshToken)).json()).toEqual({ ok: true });
      expect((await signOut('never-issued')).json()).toEqual({ ok: true });
      expect((await post('signout', {})).json()).toEqual({ ok: true });
    });

    it('ends the session a browser held before when it signs in again', async () => {
      const user = await createUser(t, { role: 'customer', password: 'pass-1234' });
      const res = await post('signin', { email: user.email, password: 'pass-1234' }, user.refreshToken);
      expect(res.statusCode).toBe(200);
      expect((await refresh(user.refreshToken)).statusCode).toBe(401);
      expect((await refresh(refreshCookieOf(res))).statusCode).toBe(200);
    });
  });

  describe('GET /api/auth/me', () => {
    it('returns the signed-in user with role and profile', async () => {
      const user = await createUser(t, { role: 'admin', fullName: 'Abena Owusu', phone: '+233 20 111 2222' });
      const res = await me(user.accessToken);
      expect(res.statusCode).toBe(200);
      const body = meSchema.parse(res.json());
      expect(body).toMatchObject({
        id: user.userId,
        email: user.email,
        role: 'admin',
        profile: { fullName: 'Abena Owusu', phone: '+233 20 111 2222', avatarUrl: null },
      });
      expect(Number.isNaN(Date.parse(body.createdAt))).toBe(false);
    });

    it('answers 401 without a token, with a forged one, and with an expired one', async () => {
      const user = await createUser(t, { role: 'customer' });
      const claims = claimsOf(user);
      const expired = await signAccessToken(t.config.JWT_SECRET, claims, Date.now() - 60 * 60 * 1000);
      const forged = await signAccessToken('another-secret-another-secret-another-secret', { ...claims, role: 'admin' });
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
      expect((await me(expired.token)).statusCode).toBe(401);
      expect((await me(forged.token)).statusCode).toBe(401);
    });
  });
});

describe('the refresh cookie in development', () => {
  const t = useAnotherApp(sessions, { RATE_LIMIT_DISABLED: '1', NODE_ENV: 'development' });

  it('is not Secure, so plain http://localhost works; everything else stays', async () => {
    const user = await createUser(t, { role: 'customer', password: 'right-pass' });
    const res = await postAuth(t, 'signin', { email: user.email, password: 'right-pass' });
    const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    expect(cookie?.secure).toBeFalsy();
  });
});
