import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CLOSE } from '@shared/realtime/events.js';
import { startServerProcess, type ServerProcess } from './test/serverProcess.js';
import { TestSocket } from './test/socket.js';

describe('the server process', () => {
  let server: ServerProcess;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'chopchop-main-'));
    server = await startServerProcess({
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        SEED_DEMO: '0',
        LOG_LEVEL: 'info',
        JWT_SECRET: 'main-test-secret-main-test-secret-0123456789',
      },
    });
  }, 120_000);
  afterAll(() => {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM stops being ready, sends its sockets elsewhere and exits 0', async () => {
    expect((await fetch(`${server.address}/readyz`)).status).toBe(200);
    const socket = await TestSocket.open(`${server.address.replace(/^http/, 'ws')}/api/realtime`);

    server.child.kill('SIGTERM');

    expect((await socket.closed).code).toBe(REALTIME_CLOSE.serviceRestart);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('SIGTERM received, shutting down');
  }, 60_000);
});
