import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PUSH_MESSAGES } from '@shared/notifications/push.js';
import { outdateTokens } from '../../auth/accountChanges.js';
import { REFRESH_REUSE_SECONDS } from '../../auth/sessions.js';
import { hashToken } from '../../auth/tokens.js';
import { pushSubscriptions, refreshTokens } from '../../db/schema.js';
import { createUser, type TestUser } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { startPushEndpoint, type BrowserSubscription, type PushEndpoint } from '../../test/pushEndpoint.js';
import { MAX_DEVICES_PER_USER } from './repository.js';
import { postAuth } from '../../test/sessions.js';

describe('push subscriptions: the devices a user allowed push messages on', () => {
  const push = {} as { endpoint: PushEndpoint };
  beforeAll(async () => {
    push.endpoint = await startPushEndpoint();
  });
  afterAll(() => push.endpoint.close());
  const t = useTestApp(() => ({ PUSH_SERVICE_ORIGINS: push.endpoint.origin }));
  afterEach(() => expect(push.endpoint.problems).toEqual([]));

  const publicKey = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/push/key' })).json<{ publicKey: string }>().publicKey;
  const subscribe = (user: TestUser | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: user?.authHeader, payload });
  const unsubscribe = (user: TestUser | undefined, endpoint: string) =>
    t.app.inject({ method: 'DELETE', url: '/api/push/subscriptions', headers: user?.authHeader, payload: { endpoint } });
  const stored = () =>
    t.app.db
      .select({ userId: pushSubscriptions.userId, sessionId: pushSubscriptions.sessionId, endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions);
  const device = async (): Promise<BrowserSubscription> => push.endpoint.subscribe(await publicKey());

  it('gives anyone the public VAPID key, the one kept in DATA_DIR with the private key readable by the owner alone', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/push/key' });
    expect(res.statusCode).toBe(200);
    const { publicKey: key } = res.json<{ publicKey: string }>();
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const file = path.join(t.config.DATA_DIR, 'vapid-keys.json');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ publicKey: key });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("keeps a signed-in device's subscription in its session, once per endpoint", async () => {
    const driver = await createUser(t, { role: 'driver' });
    const subscription = await device();
    const res = await subscribe(driver, { ...subscription, expirationTime: null });
    expect(res.statusCode, res.body).toBe(204);
    expect((await subscribe(driver, subscription)).statusCode).toBe(204);
    const rows = await stored();
    expect(rows).toEqual([{ userId: driver.userId, sessionId: expect.any(String), endpoint: subscription.endpoint }]);
    const claims = await t.app.readAccessToken(driver.accessToken);
    expect(rows[0]?.sessionId).toBe(claims?.claims.sessionId);
  });

  it('keeps at most ten devices per user however many one signed-in user registers, the newest ones, and the same one twice at once once', async () => {
    const owner = await createUser(t, { role: 'restaurant' });
    const devices = await Promise.all(Array.from({ length: MAX_DEVICES_PER_USER + 5 }, () => device()));
    for (const subscription of devices) expect((await subscribe(owner, subscription)).statusCode).toBe(204);
    const twice = await Promise.all([subscribe(owner, devices[0]!), subscribe(owner, devices[0]!)]);
    expect(twice.map((res) => res.statusCode)).toEqual([204, 204]);
    const kept = new Set((await stored()).map((row) => row.endpoint));
    expect(kept.size).toBe(MAX_DEVICES_PER_USER);
    // The first device, registered again last, counts as new; the next five, now the oldest, are gone.
    expect(kept.has(devices[0]!.endpoint)).toBe(true);
    for (const old of devices.slice(1, 6)) expect(kept.has(old.endpoint)).toBe(false);
  });

  it('refuses anonymous callers', async () => {
    const subscription = await device();
    expect((await subscribe(undefined, subscription)).statusCode).toBe(401);
    expect((await unsubscribe(undefined, subscription.endpoint)).statusCode).toBe(401);
    expect(await stored()).toEqual([]);
  });

  it('refuses an endpoint that is not on a configured push service: the server would POST there', async () => {
    const owner = await createUser(t, { role: 'restaurant' });
    const { keys } = await device();
    const { port } = new URL(push.endpoint.origin);
    for (const endpoint of [
      `http://localhost:${port}/push/x`,
      `http://127.0.0.1:${Number(port) + 1}/push/x`,
      'https://fcm.googleapis.com/fcm/send/abc',
      'http://169.254.169.254/latest/meta-data',
      `http://user:secret@127.0.0.1:${port}/push/x`,
    ]) {
      const res = await subscribe(owner, { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error.message, endpoint).toBe(PUSH_MESSAGES.notPushService);
    }
    expect((await subscribe(owner, { endpoint: 'file:///etc/passwd', keys })).json().error.fields).toHaveProperty('endpoint');
    expect(await stored()).toEqual([]);
  });

  it('refuses over-long and malformed fields', async () => {
    const customer = await createUser(t, { role: 'customer' });
    const { endpoint, keys } = await device();
    const refused = [
      { endpoint: `${endpoint}/${'a'.repeat(2100)}`, keys },
      { endpoint, keys: { ...keys, p256dh: `${keys.p256dh}AAAA` } },
      { endpoint, keys: { ...keys, p256dh: `A${keys.p256dh.slice(1)}` } },
      { endpoint, keys: { ...keys, auth: keys.auth.repeat(20) } },
      { endpoint, keys: { ...keys, auth: `${keys.auth.slice(1)}\u0000` } },
      { endpoint: `${endpoint}\u0000`, keys },
      { endpoint },
    ];
    for (const payload of refused) expect((await subscribe(customer, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    expect((await unsubscribe(customer, 'x'.repeat(3000))).statusCode).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it("moves an endpoint registered again by another user to them, and removes only the caller's own", async () => {
    const [ama, kofi] = await Promise.all([createUser(t, { role: 'customer' }), createUser(t, { role: 'driver' })]);
    const shared = await device();
    expect((await subscribe(ama, shared)).statusCode).toBe(204);
    expect((await subscribe(kofi, shared)).statusCode).toBe(204);
    expect((await stored()).map((row) => row.userId)).toEqual([kofi.userId]);

    expect((await unsubscribe(ama, shared.endpoint)).statusCode).toBe(204);
    expect(await stored()).toHaveLength(1);
    expect((await unsubscribe(kofi, shared.endpoint)).statusCode).toBe(204);
    expect(await stored()).toEqual([]);
  });

  it("removes a session's devices when it signs out, and every device of a user whose password is reset", async () => {
    const owner = await createUser(t, { role: 'restaurant' });
    const phone = await device();
    await subscribe(owner, phone);
    const laptopSession = await postAuth(t, 'signin', { email: owner.email, password: owner.password });
    const laptop = {
      ...owner,
      authHeader: { authorization: `Bearer ${laptopSession.json<{ accessToken: string }>().accessToken}` },
    };
    const laptopDevice = await device();
    await subscribe(laptop, laptopDevice);
    expect(await stored()).toHaveLength(2);

    expect((await postAuth(t, 'signout', {}, owner.refreshToken)).statusCode).toBe(200);
    expect((await stored()).map((row) => row.endpoint)).toEqual([laptopDevice.endpoint]);

    await t.app.db.transaction((tx) => outdateTokens(tx, owner.userId, { endSessions: true }));
    expect(await stored()).toEqual([]);
  });

  it('removes the devices of a session whose refresh token was spent twice', async () => {
    const customer = await createUser(t, { role: 'customer' });
    await subscribe(customer, await device());
    expect((await postAuth(t, 'refresh', {}, customer.refreshToken)).statusCode).toBe(200);
    // Spent longer ago than the reuse interval: spending it again is a stolen token's replay.
    await t.app.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - (REFRESH_REUSE_SECONDS + 1) * 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(customer.refreshToken)));
    expect((await postAuth(t, 'refresh', {}, customer.refreshToken)).statusCode).toBe(401);
    expect(await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, customer.userId))).toEqual([]);
  });
});
