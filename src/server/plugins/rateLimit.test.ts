import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { testConfig, useAnotherApp, useTestApp } from '../test/app.js';
import { multipart } from '../test/images.js';
import { triesAgainWithinAMinute } from '../test/tryAgain.js';

const LIMITS = {
  RATE_LIMIT_SIGNIN_MAX: '3',
  RATE_LIMIT_SIGNUP_MAX: '2',
  RATE_LIMIT_PASSWORD_RESET_MAX: '2',
  RATE_LIMIT_SEARCH_MAX: '3',
};

const signIn = (app: App, email: string, remoteAddress = '203.0.113.1') =>
  app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password: 'wrong-password' }, remoteAddress });

async function statuses(times: number, request: () => Promise<{ statusCode: number }>): Promise<number[]> {
  const codes: number[] = [];
  for (let i = 0; i < times; i++) codes.push((await request()).statusCode);
  return codes;
}

// One database for the file, and one app for the limits in process and on uploads: they count
// separate routes and addresses.
const t = useTestApp({ ...LIMITS, RATE_LIMIT_UPLOAD_MAX: '2', RATE_LIMIT_UPLOAD_ADDRESS_MAX: '3' });

describe('rate limits (in process)', () => {
  it('answers the attempt after the sign-in limit with 429 in the API error shape', async () => {
    const user = await createUser(t, { role: 'customer' });
    expect(await statuses(3, () => signIn(t.app, user.email))).toEqual([401, 401, 401]);
    const blocked = await signIn(t.app, user.email);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      error: { code: 'rate_limited', message: triesAgainWithinAMinute('Too many attempts.') },
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    const rightPassword = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: user.email, password: user.password },
      remoteAddress: '203.0.113.1',
    });
    expect(rightPassword.statusCode).toBe(429);
  });

  it('limits restaurant searches per address, never the unsearched list', async () => {
    const search = (q: string, remoteAddress = '203.0.113.9') =>
      t.app.inject({ method: 'GET', url: `/api/restaurants?q=${encodeURIComponent(q)}`, remoteAddress });
    expect(await statuses(3, () => search('kelewele'))).toEqual([200, 200, 200]);
    const blocked = await search('waakye');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ error: { code: 'rate_limited' } });
    expect((await search('waakye', '203.0.113.10')).statusCode).toBe(200);
    const lists = await statuses(10, () =>
      t.app.inject({ method: 'GET', url: '/api/restaurants', remoteAddress: '203.0.113.9' }),
    );
    expect(lists.every((code) => code === 200)).toBe(true);
  });

  it('counts sign-in attempts per address and email', async () => {
    await statuses(4, () => signIn(t.app, 'target@example.com', '203.0.113.2'));
    expect((await signIn(t.app, 'target@example.com', '203.0.113.2')).statusCode).toBe(429);
    expect((await signIn(t.app, 'TARGET@example.com ', '203.0.113.2')).statusCode).toBe(429);
    expect((await signIn(t.app, 'someone-else@example.com', '203.0.113.2')).statusCode).toBe(401);
    expect((await signIn(t.app, 'target@example.com', '203.0.113.3')).statusCode).toBe(401);
  });

  it('limits sign-in per address across every email: 40 accounts tried from one address meet 429', async () => {
    const codes = await statuses(40, () =>
      signIn(t.app, `victim-${Math.random().toString(36).slice(2)}@example.com`, '203.0.113.7'),
    );
    expect(codes.slice(0, 30).every((code) => code === 401)).toBe(true);
    expect(codes.slice(30).every((code) => code === 429)).toBe(true);
    expect((await signIn(t.app, 'victim@example.com', '203.0.113.8')).statusCode).toBe(401);
  });

  it('limits sign-ups per address, counting rejected ones too', async () => {
    const signUp = () => {
      const body = multipart({ fullName: 'X', phone: 'bad', email: 'x@example.com', password: 'secret1' });
      return t.app.inject({ method: 'POST', url: '/api/auth/signup', ...body, remoteAddress: '203.0.113.4' });
    };
    expect(await statuses(3, signUp)).toEqual([400, 400, 429]);
  });

  it('limits forgot-password and reset-password per address', async () => {
    const forgot = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: 'a@example.com' },
        remoteAddress: '203.0.113.5',
      });
    const reset = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: 'guess', password: 'secret1' },
        remoteAddress: '203.0.113.5',
      });
    expect(await statuses(3, forgot)).toEqual([200, 200, 429]);
    expect(await statuses(3, reset)).toEqual([400, 400, 429]);
  });

  it('leaves other routes alone', async () => {
    const codes = await statuses(12, () => t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.6' }));
    expect(codes.every((code) => code === 200)).toBe(true);
  });
});

describe('upload limits', () => {
  const upload = (user: TestUser, remoteAddress: string) => {
    const form = multipart({}, { file: { data: Buffer.from('not an image'), filename: 'a.png', contentType: 'image/png' } });
    return t.app.inject({
      method: 'POST',
      url: '/api/storage/profile-pictures',
      payload: form.payload,
      headers: { ...form.headers, ...user.authHeader },
      remoteAddress,
    });
  };

  it('counts uploads per account, whatever address they come from', async () => {
    const user = await createUser(t, { role: 'customer' });
    expect(await statuses(2, () => upload(user, '198.51.100.1'))).toEqual([415, 415]);
    const blocked = await upload(user, '198.51.100.2');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('rate_limited');
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts uploads per address, whichever account sends them', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => createUser(t, { role: 'customer' })));
    const codes: number[] = [];
    for (const user of users) codes.push((await upload(user, '198.51.100.3')).statusCode);
    expect(codes).toEqual([415, 415, 415, 429]);
  });
});

describe('rate limits switched off', () => {
  const off = useAnotherApp(t, { ...LIMITS, RATE_LIMIT_DISABLED: '1' });

  it('never answers 429 when RATE_LIMIT_DISABLED is set', async () => {
    const codes = await statuses(8, () => signIn(off.app, 'bench@example.com'));
    expect(codes.every((code) => code === 401)).toBe(true);
  });
});

const hasRedis = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe.skipIf(!hasRedis)('rate limits in Redis (REDIS_URL)', () => {
  let redisProcess: ChildProcess;
  let redisUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    redisProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    redisUrl = `redis://127.0.0.1:${port}`;
    // A fresh client per attempt that never reconnects by itself: a client left reconnecting
    // refuses connect() with 'already connecting' even once the server is up.
    for (let attempt = 0; ; attempt++) {
      const probe = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        await probe.ping();
        break;
      } catch (error) {
        if (attempt > 50) throw error;
        await sleep(100);
      } finally {
        probe.disconnect();
      }
    }
  });
  afterAll(() => {
    redisProcess.kill();
  });
  const first = useAnotherApp(t, () => ({ ...LIMITS, REDIS_URL: redisUrl }));

  it('shares counters between app instances', async () => {
    const second = await buildApp(testConfig({ ...LIMITS, REDIS_URL: redisUrl }), { database: t.database, logger: false });
    try {
      await statuses(2, () => signIn(first.app, 'shared@example.com'));
      expect((await signIn(second, 'shared@example.com')).statusCode).toBe(401);
      expect((await signIn(second, 'shared@example.com')).statusCode).toBe(429);
      expect((await signIn(first.app, 'shared@example.com')).statusCode).toBe(429);
    } finally {
      await second.close();
    }
    const redis = new Redis(redisUrl);
    const keys = await redis.keys('chopchop-rate-limit-*');
    redis.disconnect();
    expect(keys.some((key) => key.includes('/api/auth/signin') && key.includes('shared@example.com'))).toBe(true);
  });

  it('reports Redis as answering in the health check as soon as it has connected, before any limited request', async () => {
    const fresh = await buildApp(testConfig({ ...LIMITS, REDIS_URL: redisUrl }), { database: t.database, logger: false });
    try {
      expect((await fresh.inject({ method: 'GET', url: '/api/health' })).json()).toEqual({ ok: true, redis: 'ok' });
    } finally {
      await fresh.close();
    }
  });

  it('reports Redis as answering in the health check', async () => {
    // Each try counts a sign-in in Redis first: on an overloaded machine a command that outlasts its
    // 200 ms rightly reads as degraded until the next one answers.
    let attempt = 0;
    const healthAfterASignIn = async () => {
      await signIn(first.app, `health-${attempt++}@example.com`);
      return (await first.app.inject({ method: 'GET', url: '/api/health' })).json();
    };
    await expect.poll(healthAfterASignIn, { timeout: 5000, interval: 250 }).toEqual({ ok: true, redis: 'ok' });
  });
});
