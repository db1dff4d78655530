import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CLOSE } from '@shared/realtime/events.js';
import { buildApp, type App } from '../app.js';
import { LISTENER_APPLICATION_NAME, type Database } from '../db/client.js';
import { refreshTokens, users } from '../db/schema.js';
import { setDriverVerified } from '../drivers/verification.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { allowConnections, openSecondConnection } from '../test/database.js';
import { postAuth, refreshCookieOf } from '../test/sessions.js';
import { TestSocket } from '../test/socket.js';
import { changeRoleIn, setAccountDisabled } from './accountChanges.js';
import { insertPasswordReset } from './repository.js';
import { REFRESH_REUSE_SECONDS } from './sessions.js';
import { hashToken } from './tokens.js';

describe('a session ends when it ends, on every instance', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: '1' });
  /** A second server on the same database, as in a deployment of several instances. */
  let other: { app: App; database: Database };
  const sockets: TestSocket[] = [];

  const socketUrl = (app: App) => `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/realtime`;

  beforeAll(async () => {
    const database = await openSecondConnection(t.database);
    const app = await buildApp(t.config, { database, logger: false });
    other = { app, database };
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    await other.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await other.app.close();
    await other.database.close();
  });

  const instances = () => [t.app, other.app];
  const me = (app: App, accessToken: string) =>
    app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${accessToken}` } });

  const follow = async (app: App, accessToken: string) => {
    const socket = await TestSocket.open(socketUrl(app));
    sockets.push(socket);
    socket.send({ type: 'auth', token: accessToken });
    expect(await socket.next()).toEqual({ type: 'ready' });
    return socket;
  };

  /** The token is in use on both instances (so both hold it verified) with a socket open on each. */
  async function inUseEverywhere(user: TestUser) {
    for (const app of instances()) expect((await me(app, user.accessToken)).statusCode).toBe(200);
    return Promise.all(instances().map((app) => follow(app, user.accessToken)));
  }

  async function expectEnded(user: TestUser, sockets: TestSocket[], closeCode: number) {
    for (const app of instances()) await expect.poll(async () => (await me(app, user.accessToken)).statusCode).toBe(401);
    for (const socket of sockets) expect((await socket.closed).code).toBe(closeCode);
  }

  const spendLongAgo = (refreshToken: string) =>
    t.app.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - (REFRESH_REUSE_SECONDS + 1) * 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));

  it('sign-out ends that session, its access token and its sockets, and no other session', async () => {
    const user = await createUser(t, { role: 'customer', password: 'pass-1234' });
    const otherDevice = (await postAuth(t, 'signin', { email: user.email, password: 'pass-1234' })).json().accessToken as string;
    const sockets = await inUseEverywhere(user);

    expect((await postAuth(t, 'signout', {}, user.refreshToken)).statusCode).toBe(200);

    await expectEnded(user, sockets, REALTIME_CLOSE.sessionEnded);
    for (const app of instances()) expect((await me(app, otherDevice)).statusCode).toBe(200);
  });

  it('refresh-token reuse after the interval ends the session everywhere', async () => {
    const user = await createUser(t, { role: 'customer' });
    const sockets = await inUseEverywhere(user);
    expect((await postAuth(t, 'refresh', {}, user.refreshToken)).statusCode).toBe(200);
    await spendLongAgo(user.refreshToken);

    expect((await postAuth(t, 'refresh', {}, user.refreshToken)).statusCode).toBe(401);

    await expectEnded(user, sockets, REALTIME_CLOSE.sessionEnded);
  });

  it('a password reset ends every session of the user', async () => {
    const user = await createUser(t, { role: 'customer' });
    const sockets = await inUseEverywhere(user);
    await insertPasswordReset(t.app.db, {
      userId: user.userId,
      tokenHash: hashToken('reset-link-token'),
      expiresAt: new Date(Date.now() + 60_000),
    });

    const reset = await postAuth(t, 'reset-password', { token: 'reset-link-token', password: 'brand-new-pass' });
    expect(reset.statusCode).toBe(200);

    await expectEnded(user, sockets, REALTIME_CLOSE.sessionEnded);
    expect((await postAuth(t, 'refresh', {}, user.refreshToken)).statusCode).toBe(401);
  });

  it('a role change outdates the token; the user stays signed in and the refreshed token carries the new role', async () => {
    const user = await createUser(t, { role: 'customer' });
    const sockets = await inUseEverywhere(user);

    await t.app.db.transaction((tx) => changeRoleIn(tx, user.userId, 'restaurant'));

    await expectEnded(user, sockets, REALTIME_CLOSE.tokenRevoked);
    const refreshed = await postAuth(t, 'refresh', {}, user.refreshToken);
    expect(refreshed.statusCode).toBe(200);
    expect(decodeJwt(refreshed.json().accessToken)).toMatchObject({ role: 'restaurant' });
    for (const app of instances()) expect((await me(app, refreshed.json().accessToken)).json().role).toBe('restaurant');
  });

  it('disabling an account ends its sessions; it can neither refresh nor sign in', async () => {
    const user = await createUser(t, { role: 'customer' });
    const sockets = await inUseEverywhere(user);

    await setAccountDisabled(t.app.db, user.userId, true);

    await expectEnded(user, sockets, REALTIME_CLOSE.sessionEnded);
    expect((await postAuth(t, 'refresh', {}, user.refreshToken)).statusCode).toBe(403);
    expect((await postAuth(t, 'signin', { email: user.email, password: user.password })).statusCode).toBe(403);
  });

  it('unverifying a driver outdates their token, so the orders feed is checked again', async () => {
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const sockets = await inUseEverywhere(driver);

    await setDriverVerified(t.app.db, driver.userId, false);

    await expectEnded(driver, sockets, REALTIME_CLOSE.tokenRevoked);
    const refreshed = refreshCookieOf(await postAuth(t, 'refresh', {}, driver.refreshToken));
    expect(refreshed).toBeTruthy();
  });

  it('a deleted account’s tokens are refused, however it was deleted', async () => {
    const user = await createUser(t, { role: 'customer' });
    const sockets = await inUseEverywhere(user);

    await t.app.db.execute(sql`delete from users where id = ${user.userId}`);

    await expectEnded(user, sockets, REALTIME_CLOSE.sessionEnded);
  });

  it('accepts a token it has verified without asking the database again', async () => {
    const user = await createUser(t, { role: 'customer' });
    expect((await me(t.app, user.accessToken)).statusCode).toBe(200);

    // Raised behind the instances' backs (no notification): only a database check would see it.
    await t.app.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.userId));

    expect((await me(t.app, user.accessToken)).statusCode).toBe(200);
  });

  it('checks every token against the database while revocations go unheard', async () => {
    const user = await createUser(t, { role: 'customer' });
    expect((await me(t.app, user.accessToken)).statusCode).toBe(200);
    t.app.revocations.listenerLost();
    try {
      await t.app.db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, user.userId));

      expect((await me(t.app, user.accessToken)).statusCode).toBe(401);
    } finally {
      t.app.revocations.listenerBack();
    }
  });

  // The embedded database's listener lives in this process and cannot be lost.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'refuses a token signed out while the listener is down at once, and after it is back closes its sockets',
    async () => {
      const user = await createUser(t, { role: 'customer', password: 'pass-1234' });
      const otherDevice = (await postAuth(t, 'signin', { email: user.email, password: 'pass-1234' })).json()
        .accessToken as string;
      const sockets = await inUseEverywhere(user);
      // New connections are kept out, so that the lost listeners stay lost.
      await allowConnections(t.database, false);
      try {
        await t.app.db.execute(
          sql`select pg_terminate_backend(pid, 5000) from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
        );
        for (const app of instances()) await expect.poll(() => app.revocations.listening).toBe(false);

        expect((await postAuth(t, 'signout', {}, user.refreshToken)).statusCode).toBe(200);

        for (const app of instances()) {
          expect((await me(app, user.accessToken)).statusCode).toBe(401);
          expect((await me(app, otherDevice)).statusCode).toBe(200);
        }
      } finally {
        await allowConnections(t.database, true);
      }
      for (const app of instances()) await expect.poll(() => app.revocations.listening, { timeout: 10_000 }).toBe(true);
      for (const app of instances()) expect((await me(app, user.accessToken)).statusCode).toBe(401);
      for (const socket of sockets) expect((await socket.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'checks every token and socket against the database again once a lost listener is back',
    async () => {
      const user = await createUser(t, { role: 'customer' });
      expect((await me(t.app, user.accessToken)).statusCode).toBe(200);
      const socket = await follow(t.app, user.accessToken);
      await t.app.db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, user.userId));

      await t.app.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
      );

      await expect.poll(async () => (await me(t.app, user.accessToken)).statusCode, { timeout: 10_000 }).toBe(401);
      expect((await socket.closed).code).toBe(REALTIME_CLOSE.sessionEnded);
    },
  );
});
