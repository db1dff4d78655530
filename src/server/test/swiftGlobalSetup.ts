import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    swiftDir: string;
  }
}

const STOP_SCRIPT = fileURLToPath(new URL('../../../scripts/swift/stop.sh', import.meta.url));

/**
 * Names the folder of this run's throwaway Swift, the S3 store of the tests (test/s3.ts): the first
 * test that needs it starts it there, and it is stopped when the run ends. A run that needs none
 * starts nothing.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const swiftDir = path.join(tmpdir(), `chopchop-swift-${randomBytes(6).toString('hex')}`);
  project.provide('swiftDir', swiftDir);
  return async () => {
    if (existsSync(swiftDir)) await promisify(execFile)(STOP_SCRIPT, [swiftDir]);
  };
}
