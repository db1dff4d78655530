import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { createUser } from '../test/accounts.js';
import { testConfig, useTestApp } from '../test/app.js';
import { captureLog } from '../test/logCapture.js';

const LIMITS = { RATE_LIMIT_SIGNIN_MAX: '3' };

interface FakeRedis {
  url: string;
  close(): Promise<void>;
}

/** Accepts connections and never answers: a hung Redis, or one behind a dead link. */
async function silentRedis(): Promise<FakeRedis> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `redis://127.0.0.1:${port}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A port nothing listens on: every connection is refused. */
async function refusingRedis(): Promise<FakeRedis> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return { url: `redis://127.0.0.1:${port}`, close: async () => undefined };
}

const signIn = (app: App, email: string, password = 'wrong-password') =>
  app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password }, remoteAddress: '203.0.113.20' });

describe.each([
  ['does not answer', silentRedis],
  ['refuses connections', refusingRedis],
])('rate limits while Redis %s', (_, startRedis) => {
  let redis: FakeRedis;
  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(() => redis.close());
  const t = useTestApp(() => ({ ...LIMITS, REDIS_URL: redis.url }));

  it('answers a sign-in at once, not after Redis timeouts', async () => {
    const user = await createUser(t, { role: 'customer' });
    const started = Date.now();
    const res = await signIn(t.app, user.email, user.password);
    expect(res.statusCode).toBe(200);
    // A generous bound for a busy machine: waiting on Redis took 6 s.
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('still limits: of 40 wrong sign-ins at once, those past the limit get 429', async () => {
    const started = Date.now();
    const codes = await Promise.all(Array.from({ length: 40 }, () => signIn(t.app, 'victim@example.com')));
    expect(codes.filter((res) => res.statusCode === 401)).toHaveLength(3);
    expect(codes.filter((res) => res.statusCode === 429)).toHaveLength(37);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('reports Redis as degraded in the health check, which still passes', async () => {
    await signIn(t.app, 'health@example.com');
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, redis: 'degraded' });
  });

  it('logs one warning for the outage, not one per request', async () => {
    const log = captureLog();
    const app = await buildApp(testConfig({ ...LIMITS, REDIS_URL: redis.url }), { database: t.database, logger: log.options });
    try {
      for (let n = 0; n < 5; n++) await Promise.all(Array.from({ length: 4 }, () => signIn(app, 'logs@example.com')));
      const warnings = log.entries().filter((entry) => String(entry.msg).startsWith('rate-limit store'));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ level: 40 });
    } finally {
      await app.close();
    }
  });
});
