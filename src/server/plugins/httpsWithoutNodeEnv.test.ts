import { describe, expect, it } from 'vitest';
import { ensureAdmin } from '../admin/ensureAdmin.js';
import { REFRESH_COOKIE } from '../auth/cookies.js';
import type { App } from '../app.js';
import { useLoggedApps } from '../test/loggedApp.js';

// NODE_ENV=development is what an unset NODE_ENV means.
const UNSET = { NODE_ENV: 'development', RATE_LIMIT_DISABLED: '1' };
const HSTS = 'max-age=31536000; includeSubDomains';

async function signIn(app: App, headers: Record<string, string> = {}) {
  await ensureAdmin(app.db, { email: 'ops@example.com', password: 'a-long-password' });
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    headers,
    payload: { email: 'ops@example.com', password: 'a-long-password' },
  });
  expect(res.statusCode).toBe(200);
  return { hsts: res.headers['strict-transport-security'], cookie: res.cookies.find((c) => c.name === REFRESH_COOKIE) };
}

describe('HSTS and the Secure refresh cookie without NODE_ENV', () => {
  const appWith = useLoggedApps();

  it('are sent when PUBLIC_URL is https', async () => {
    const { app } = await appWith({ ...UNSET, PUBLIC_URL: 'https://food.example.com' });
    const { hsts, cookie } = await signIn(app);
    expect(hsts).toBe(HSTS);
    expect(cookie?.secure).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).headers['strict-transport-security']).toBe(HSTS);
  });

  it('are sent for a request that came over https through a trusted proxy', async () => {
    const { app } = await appWith({ ...UNSET, PUBLIC_URL: 'http://localhost:3000', TRUST_PROXY: '1' });
    const overHttps = await signIn(app, { 'x-forwarded-proto': 'https' });
    expect(overHttps.hsts).toBe(HSTS);
    expect(overHttps.cookie?.secure).toBe(true);
    const plain = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('are not sent on plain http, nor when an untrusted client claims https', async () => {
    const { app } = await appWith({ ...UNSET, PUBLIC_URL: 'http://192.168.1.20:3000' });
    const { hsts, cookie } = await signIn(app, { 'x-forwarded-proto': 'https' });
    expect(hsts).toBeUndefined();
    expect(cookie?.secure).toBeFalsy();
  });
});
