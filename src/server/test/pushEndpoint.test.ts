import { importJWK, SignJWT } from 'jose';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPushEndpoint, type BrowserSubscription, type PushEndpoint } from './pushEndpoint.js';

/** The local push service the push tests send to must refuse what a real one refuses, or those tests prove nothing. */
describe('the local push service of the tests', () => {
  const server = webpush.generateVAPIDKeys();
  const stranger = webpush.generateVAPIDKeys();
  let service: PushEndpoint;
  let subscription: BrowserSubscription;
  beforeAll(async () => {
    service = await startPushEndpoint();
  });
  afterAll(() => service.close());
  beforeEach(() => {
    service.problems.length = 0;
    subscription = service.subscribe(server.publicKey);
  });

  const request = (keys = server, options: Partial<webpush.RequestOptions> = {}) =>
    webpush.generateRequestDetails(subscription, JSON.stringify({ title: 'New order #ab12cd34' }), {
      vapidDetails: { subject: 'mailto:ops@example.com', ...keys },
      contentEncoding: 'aes128gcm',
      ...options,
    });
  const send = (details: ReturnType<typeof request>, body: Buffer = details.body) =>
    fetch(details.endpoint, { method: 'POST', headers: details.headers, body: new Uint8Array(body) });

  /** A VAPID header signed with the server's own key, with any claims. */
  async function vapidHeader(claims: { aud: string; exp: number; sub: string }) {
    const point = Buffer.from(server.publicKey, 'base64url');
    const key = await importJWK(
      {
        kty: 'EC',
        crv: 'P-256',
        d: server.privateKey,
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      'ES256',
    );
    const token = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'JWT' }).sign(key);
    return `vapid t=${token}, k=${server.publicKey}`;
  }

  it('decrypts and keeps a message encrypted for the subscription and signed with its key', async () => {
    expect((await send(request())).status).toBe(201);
    expect(service.received(subscription.endpoint)).toEqual([{ title: 'New order #ab12cd34' }]);
    expect(service.problems).toEqual([]);
  });

  it('refuses a message signed with another key, or whose JWT another key signed', async () => {
    expect((await send(request(stranger))).status).toBe(403);
    const forged = request(stranger);
    forged.headers.Authorization = forged.headers.Authorization!.replace(/k=.*$/, `k=${server.publicKey}`);
    expect((await send(forged)).status).toBe(401);
    expect(service.problems).toHaveLength(2);
  });

  it('refuses a JWT for another audience, expired, living more than 24 hours or without a subject', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = { aud: service.origin, exp: now + 3600, sub: 'mailto:ops@example.com' };
    const withHeader = async (changed: Partial<typeof claims>) => {
      const details = request();
      return send({ ...details, headers: { ...details.headers, Authorization: await vapidHeader({ ...claims, ...changed }) } });
    };
    expect((await withHeader({})).status).toBe(201);
    expect((await withHeader({ aud: 'https://push.example.com' })).status).toBe(401);
    expect((await withHeader({ exp: now - 60 })).status).toBe(401);
    expect((await withHeader({ exp: now + 48 * 3600 })).status).toBe(401);
    expect((await withHeader({ sub: 'ops' })).status).toBe(401);
    expect(service.problems).toHaveLength(4);
  });

  it('refuses a body that was changed on the way, or encrypted for another subscription', async () => {
    const details = request();
    const tampered = Buffer.from(details.body);
    tampered[tampered.length - 1]! ^= 1;
    expect((await send(details, tampered)).status).toBe(400);
    const other = service.subscribe(server.publicKey);
    const forOther = webpush.generateRequestDetails(other, 'hello', {
      vapidDetails: { subject: 'mailto:ops@example.com', ...server },
      contentEncoding: 'aes128gcm',
    });
    expect((await send({ ...forOther, endpoint: subscription.endpoint })).status).toBe(400);
    expect(service.problems).toHaveLength(2);
  });

  it('answers what it is told to, then 201', async () => {
    service.answer(subscription.endpoint, 500, 410);
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await send(request())).status);
    expect(statuses).toEqual([500, 410, 201]);
    expect(service.received(subscription.endpoint)).toHaveLength(1);
  });
});
