import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const RUNNING = /ChopChop is running: open (http\S+)/;

export interface ServerProcess {
  child: ChildProcess;
  /** Where it answers, as it printed it. */
  address: string;
  /** All it has written to stdout and stderr so far. */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * `src/server/main.ts` in a process of its own with exactly `env`, as `npm start` runs it once the
 * client is built, after `nodeFlags` (a script's, such as `--liftoff-only`). Resolves once it says
 * it is running; rejects with its output when it exits first, or kills it after `timeoutMs`.
 */
export function startServerProcess({
  env,
  nodeFlags = [],
  timeoutMs = 120_000,
}: {
  env: NodeJS.ProcessEnv;
  nodeFlags?: string[];
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...nodeFlags, '--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    // Read until it says where it answers, then no more: the output keeps growing while it runs.
    const listening = () => {
      const address = RUNNING.exec(output)?.[1];
      if (!address) return;
      child.stdout.off('data', listening);
      clearTimeout(timer);
      resolve({ child, address, output: () => output, exited });
    };
    child.stdout.on('data', listening);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it listened:\n${output}`));
    });
  });
}
