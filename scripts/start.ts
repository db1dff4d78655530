/**
 * `npm start`: reads .env if there is one, builds the web client when it is missing or older
 * than its sources, then starts the server. When nothing changed it only compares file times,
 * so a restart stays quick.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { keepNodeEnv } from '../src/server/core/keepNodeEnv.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ENV_FILE = path.join(ROOT, '.env');
const BUILT_INDEX = path.join(ROOT, 'dist/client/index.html');
const CLIENT_SOURCES = [
  'src/client',
  'src/shared',
  'vite.config.ts',
  'vite.pwa.ts',
  'scripts/prerenderPlugin.ts',
  'scripts/precompressPlugin.ts',
  'scripts/pushWorkerPlugin.ts',
].map((p) => path.join(ROOT, p));

/** True as soon as one file under `target` was modified after `time`. */
function changedSince(target: string, time: number): boolean {
  if (!existsSync(target)) return false;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs > time;
  return readdirSync(target).some((entry) => changedSince(path.join(target, entry), time));
}

function clientIsStale(): boolean {
  if (!existsSync(BUILT_INDEX)) return true;
  const builtAt = statSync(BUILT_INDEX).mtimeMs;
  return CLIENT_SOURCES.some((source) => changedSince(source, builtAt));
}

async function buildClient() {
  process.stdout.write('Building the web client (first start, or its code changed)...\n');
  const started = Date.now();
  const { build } = await import('vite');
  await keepNodeEnv(() => build({ configFile: path.join(ROOT, 'vite.config.ts'), logLevel: 'warn' }));
  process.stdout.write(`Web client built in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

// The server and the Vite config resolve their folders (dist/client, DATA_DIR, src/client) from here.
process.chdir(ROOT);
// Fills in only what the environment does not already set.
if (existsSync(ENV_FILE)) process.loadEnvFile(ENV_FILE);
if (clientIsStale()) {
  try {
    await buildClient();
  } catch (error) {
    process.stderr.write(`Could not build the web client: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
await import('../src/server/main.js');
