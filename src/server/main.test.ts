import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_CLOSE } from '@shared/realtime/events.js';
import { TestSocket } from './test/socket.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('the server process', () => {
  let server: ChildProcess;
  let output = '';
  let dataDir: string;
  let address: string;
  let exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'chopchop-main-'));
    server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: ROOT,
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
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    address = await new Promise<string>((resolve, reject) => {
      const started = /ChopChop is running: open (http:\/\/\S+)/;
      server.stdout?.on('data', () => {
        const match = started.exec(output);
        if (match?.[1]) resolve(match[1]);
      });
      void exited.then(({ code }) => reject(new Error(`the server exited (${code}) before it listened:\n${output}`)));
    });
  }, 120_000);
  afterAll(() => {
    if (server.exitCode === null) server.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('on SIGTERM stops being ready, sends its sockets elsewhere and exits 0', async () => {
    expect((await fetch(`${address}/readyz`)).status).toBe(200);
    const socket = await TestSocket.open(`${address.replace(/^http/, 'ws')}/api/realtime`);

    server.kill('SIGTERM');

    expect((await socket.closed).code).toBe(REALTIME_CLOSE.serviceRestart);
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(output).toContain('SIGTERM received, shutting down');
  }, 60_000);
});
