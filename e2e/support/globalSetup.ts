import type { TestProject } from 'vitest/node';
import { buildClient } from './buildClient.js';

declare module 'vitest' {
  export interface ProvidedContext {
    clientDir: string;
  }
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const clientDir = await buildClient();
  process.stdout.write(`e2e: client ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${clientDir})\n`);
  project.provide('clientDir', clientDir);
}
