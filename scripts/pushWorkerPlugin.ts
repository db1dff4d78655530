import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { transformWithOxc, type Plugin } from 'vite';

/** Where the service worker finds its push handlers (vite.pwa.ts loads it with importScripts). */
export const PUSH_WORKER_FILE = 'push-worker.js';

const SOURCE = fileURLToPath(new URL('../src/client/pwa/pushWorker.ts', import.meta.url));

/**
 * Builds src/client/pwa/pushWorker.ts into push-worker.js at the root of the client: its types
 * stripped, wrapped in a function so that none of its names meets the generated worker's in the
 * one global scope importScripts shares. It imports nothing at run time, so nothing is bundled.
 */
export function pushWorker(): Plugin {
  return {
    name: 'chopchop-push-worker',
    apply: (userConfig, { command }) => command === 'build' && !userConfig.build?.ssr,
    async generateBundle() {
      const transformed = await transformWithOxc(await readFile(SOURCE, 'utf8'), SOURCE, { lang: 'ts' });
      // What is left of the type import: the file stays a module for TypeScript, not for the worker.
      const code = transformed.code.replace(/^export \{\};?$/m, '');
      if (/^\s*(?:import|export)\b/m.test(code))
        throw new Error(`${SOURCE} must import nothing but types: importScripts runs it as a script`);
      this.emitFile({ type: 'asset', fileName: PUSH_WORKER_FILE, source: `(() => {\n${code}})();\n` });
    },
  };
}
