import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');
const cacheDir = path.join(root, 'node_modules/.cache/e2e-client');
const inputs = ['src/client', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function filesUnder(entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(entry, name))
    .filter((name) => statSync(path.join(root, name)).isFile())
    .sort();
}

/** Fingerprint of everything the client bundle is built from. */
function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesUnder)) {
    hash.update(file).update('\0').update(readFileSync(path.join(root, file))).update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * Builds the client with Vite once per source version and returns its folder. A build is
 * reused while the sources are unchanged; it is written aside and renamed into place, so a
 * run that is interrupted or races another never leaves a half-built client behind.
 */
export async function buildClient(): Promise<string> {
  const outDir = path.join(cacheDir, sourceHash());
  if (existsSync(path.join(outDir, 'index.html'))) return outDir;

  const staging = `${outDir}.${process.pid}.tmp`;
  await build({
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: staging, emptyOutDir: true },
  });
  mkdirSync(cacheDir, { recursive: true });
  removeOldBuilds(path.basename(staging));
  if (existsSync(outDir)) rmSync(staging, { recursive: true, force: true });
  else renameSync(staging, outDir);
  return outDir;
}

const ABANDONED_AFTER_MS = 10 * 60 * 1000;

/** Earlier builds are dropped; a staging folder only once it is clearly abandoned. */
function removeOldBuilds(keep: string) {
  for (const name of readdirSync(cacheDir)) {
    const full = path.join(cacheDir, name);
    const abandoned = !name.endsWith('.tmp') || Date.now() - statSync(full).mtimeMs > ABANDONED_AFTER_MS;
    if (name !== keep && abandoned) rmSync(full, { recursive: true, force: true });
  }
}
