/**
 * How much memory the server needs, as an operator starts it: `src/server/main.ts` in a process of
 * its own (what `npm start` runs once the web client is built), in production mode with the demo
 * data so that there is something to serve (SEED_DEMO=1 on the embedded database; written beforehand
 * on PostgreSQL, where the server never adds it). Per database it prints `start-memory` twice: on a
 * first start (an empty DATA_DIR: the embedded database is created, migrated and the demo written;
 * on PostgreSQL the database is ready) and on a restart of the same data. Each gives the most the
 * process held resident until it answered (`peakWhenReadyMb`), the most once it had also answered
 * the reads of a customer's first page, the restaurants and each one's menu (`peakMb`: what the
 * machine must have free for it), and what it held after SETTLE_SECONDS idle (`settledMb`). On the
 * embedded database it measures both again with `lowMemory`, the server started as
 * `npm run start:low-memory` starts it (V8's baseline WebAssembly compiler only, decision 036).
 * Run: npx tsx bench/start-memory.bench.ts
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../src/server/app.js';
import { seedDemo } from '../src/server/db/seed.js';
import { testConfig } from '../src/server/test/app.js';
import { dropPostgresDatabase, newPostgresDatabase } from '../src/server/test/database.js';
import { startServerProcess, type ServerProcess } from '../src/server/test/serverProcess.js';
import { report } from './lib/measure.js';
import { processMemoryMb } from './lib/memory.js';
import { POSTGRES_URL, type DatabaseKind } from './lib/server.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SETTLE_SECONDS = 5;
/** The Node flags `npm run start:low-memory` adds, read from package.json so that the bench starts the server as it does. */
const LOW_MEMORY_FLAGS = (
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts['start:low-memory']!.split(' ').filter((word) => word.startsWith('--'));

async function stopServer({ child, exited }: ServerProcess): Promise<void> {
  child.kill('SIGTERM');
  await exited;
}

/** The public reads of a customer's first page: the restaurants, then each one's menu. */
async function browse(url: string): Promise<void> {
  const restaurants = (await (await fetch(`${url}/api/restaurants`)).json()) as { id: string }[];
  for (const { id } of restaurants) await (await fetch(`${url}/api/restaurants/${id}/menu`)).arrayBuffer();
}

async function measureStart(kind: DatabaseKind, start: 'first' | 'restart', env: Record<string, string>, lowMemory: boolean) {
  const server = await startServerProcess({ env: { ...process.env, ...env }, nodeFlags: lowMemory ? LOW_MEMORY_FLAGS : [] });
  const { child, address: url } = server;
  try {
    const peakWhenReadyMb = processMemoryMb(child.pid!).peakMb;
    await browse(url);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_SECONDS * 1000));
    const { peakMb, residentMb } = processMemoryMb(child.pid!);
    report('start-memory', kind, { start, lowMemory, peakWhenReadyMb, peakMb, settledMb: residentMb });
  } finally {
    await stopServer(server);
  }
}

/** The demo data, written into the PostgreSQL database at `databaseUrl` by an app of this process. */
async function writeDemo(databaseUrl: string) {
  const app = await buildApp(testConfig({ DATABASE_URL: databaseUrl }), { logger: false });
  try {
    await seedDemo(app);
  } finally {
    await app.close();
  }
}

async function run(kind: DatabaseKind, lowMemory: boolean) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'chopchop-memory-'));
  const databaseUrl = kind === 'postgres' ? await newPostgresDatabase('bench_memory') : '';
  if (databaseUrl) await writeDemo(databaseUrl);
  const env = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://chopchop.example',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    SEED_DEMO: '1',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
  };
  try {
    await measureStart(kind, 'first', env, lowMemory);
    await measureStart(kind, 'restart', env, lowMemory);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropPostgresDatabase(databaseUrl);
  }
}

for (const kind of (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',') as DatabaseKind[]) {
  if (kind === 'postgres') process.env.TEST_DATABASE_URL = POSTGRES_URL;
  await run(kind, false);
  if (kind === 'pglite') await run(kind, true);
}
