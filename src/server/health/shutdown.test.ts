import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REALTIME_CLOSE } from '@shared/realtime/events.js';
import { buildApp, type App } from '../app.js';
import type { Database } from '../db/client.js';
import { testConfig } from '../test/app.js';
import { borrowTestDatabase } from '../test/database.js';
import { TestSocket } from '../test/socket.js';
import { shutDown } from './shutdown.js';

/** A promise and the function that keeps it. */
function signal<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

describe('shutting down a listening instance', () => {
  let database: Database;
  beforeAll(async () => {
    database = await borrowTestDatabase();
  }, 60_000);
  afterAll(() => database?.close());

  /** An app with a route of the test's own, listening on a free port. */
  async function listening(graceSeconds: string, addRoute: (app: App) => void) {
    const app = await buildApp(testConfig({ SHUTDOWN_GRACE_SECONDS: graceSeconds }), { database, logger: false });
    addRoute(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    return { app, http: `http://127.0.0.1:${port}`, realtime: `ws://127.0.0.1:${port}/api/realtime` };
  }

  it('finishes the request in flight, not ready meanwhile, and sends its sockets elsewhere before it closes', async () => {
    const entered = signal();
    const finish = signal();
    const { app, http, realtime } = await listening('10', (app) =>
      app.get('/test/slow', async () => {
        entered.resolve();
        await finish.promise;
        // The workers have stopped by now: a request in flight still queues its jobs.
        const jobId = await app.db.transaction((tx) =>
          app.jobs.send(tx, 'push', { userId: randomUUID(), title: 'Test', body: 'Test', url: '/' }),
        );
        return { jobId };
      }),
    );
    const socket = await TestSocket.open(realtime);
    await vi.waitFor(() => expect(app.realtime.peerCount).toBe(1));
    const slow = fetch(`${http}/test/slow`);
    await entered.promise;

    const stopped = shutDown(app);

    expect((await socket.closed).code).toBe(REALTIME_CLOSE.serviceRestart);
    const ready = await fetch(`${http}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ok: false, reason: 'shutting down' });
    const late = await TestSocket.open(realtime);
    expect((await late.closed).code).toBe(REALTIME_CLOSE.serviceRestart);
    expect(app.server.listening).toBe(true);

    finish.resolve();
    const res = await slow;
    expect(res.status).toBe(200);
    expect((await res.json()).jobId).toEqual(expect.any(String));
    await stopped;
    expect(app.server.listening).toBe(false);
  });

  it('cuts what still runs once SHUTDOWN_GRACE_SECONDS are over', async () => {
    const entered = signal();
    const { app, http } = await listening('1', (app) =>
      app.get('/test/hung', async () => {
        entered.resolve();
        return new Promise<never>(() => undefined);
      }),
    );
    const hung = fetch(`${http}/test/hung`).then(
      (res) => res.status,
      (err: unknown) => err,
    );
    await entered.promise;

    const started = Date.now();
    await shutDown(app);

    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await hung).toBeInstanceOf(Error);
    expect(app.server.listening).toBe(false);
  });
});
