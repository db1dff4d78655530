/**
 * `npm run bench [-- name...]`: runs every bench/*.bench.ts (or those whose name contains one of
 * the arguments) one after another, each in its own process so one benchmark's load cannot
 * skew the next. Each prints one JSON line per measurement, streamed here as it arrives.
 * A script that fails or outlives BENCH_TIMEOUT_SECONDS (default 240) makes the run fail.
 */
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const TSX = path.resolve(BENCH_DIR, '../node_modules/.bin/tsx');
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_SECONDS ?? 240) * 1000;

type Outcome = 'passed' | 'failed' | 'timed out';

function runScript(file: string): Promise<Outcome> {
  return new Promise((resolve) => {
    // Its own process group, so a timeout stops tsx and the node process it starts.
    const child = spawn(TSX, [file], { stdio: ['ignore', 'inherit', 'inherit'], detached: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      process.kill(-child.pid!, 'SIGKILL');
    }, TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      process.stderr.write(`could not start ${file}: ${error.message}\n`);
      resolve('failed');
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve(timedOut ? 'timed out' : code === 0 ? 'passed' : 'failed');
    });
  });
}

const filters = process.argv.slice(2);
const scripts = readdirSync(BENCH_DIR)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort();
if (scripts.length === 0) {
  process.stderr.write(`no benchmark matches ${filters.join(', ')}\n`);
  process.exit(1);
}

const outcomes: [string, Outcome][] = [];
for (const name of scripts) {
  process.stderr.write(`# ${name}\n`);
  outcomes.push([name, await runScript(path.join(BENCH_DIR, name))]);
}

process.stderr.write(`\n${outcomes.map(([name, outcome]) => `# ${outcome.padEnd(9)} ${name}`).join('\n')}\n`);
process.exit(outcomes.every(([, outcome]) => outcome === 'passed') ? 0 : 1);
