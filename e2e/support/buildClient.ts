import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Builds the client for production into a new temporary folder and returns the built client's
 * folder (the live page's renderer lands beside it). A fresh build each run takes a couple of
 * seconds and can never be stale, whatever changed in the tree.
 */
export async function buildClient(): Promise<string> {
  const buildDir = mkdtempSync(path.join(tmpdir(), 'chopchop-e2e-build-'));
  // The renderer is an ES module, as everything under the project's package.json is: said here too,
  // for Playwright's module loader, which does not guess it from the syntax as Node does.
  writeFileSync(path.join(buildDir, 'package.json'), JSON.stringify({ type: 'module' }));
  const outDir = path.join(buildDir, 'client');
  // Vite takes the bundle's NODE_ENV from the environment, which a test runner may have set to
  // 'test': without this the journeys would drive React's development build, not what users get.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      configFile: path.join(root, 'vite.config.ts'),
      mode: 'production',
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  return outDir;
}

/** A copy of a built client (and the renderer beside it), for a journey that changes the files on disk. */
export function copyClient(clientDir: string): string {
  const copy = path.join(mkdtempSync(path.join(tmpdir(), 'chopchop-e2e-build-')), 'client');
  cpSync(path.dirname(clientDir), path.dirname(copy), { recursive: true });
  return copy;
}

/** Removes what buildClient() built: the client and the renderer beside it. */
export function removeClient(clientDir: string): void {
  rmSync(path.dirname(clientDir), { recursive: true, force: true });
}
