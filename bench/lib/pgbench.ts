import { execFileSync } from 'node:child_process';
import { databaseUrl, onServer } from '../../src/server/test/postgresServer.js';
import { checkpoint } from './checkpoint.js';

/**
 * PostgreSQL's own benchmark as a yardstick measured in the same run: its TPC-B-like transactions
 * per second (five statements each, three of them updates) with `clients` connections for
 * `seconds`. A figure of ours divided by it stays comparable across machines and busy hours.
 * The scratch database is made afresh each time at a scale of one branch per client, as pgbench's
 * documentation advises: kept between runs its history table and dead rows grew and its figure
 * drifted down, and at scale 1 every client queued on the one branch row. The run starts after a
 * checkpoint, as the figures it is compared with do (checkpoint.ts). Undefined when pgbench is not
 * installed.
 */
export async function pgbenchTps(serverUrl: string, { clients = 8, seconds = 10 } = {}): Promise<number | undefined> {
  try {
    execFileSync('pgbench', ['--version'], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  const url = databaseUrl(serverUrl, 'bench_pgbench');
  await onServer(serverUrl, 'drop database if exists bench_pgbench', 'create database bench_pgbench');
  execFileSync('pgbench', ['-i', '-q', '-s', String(clients), url], { stdio: 'ignore' });
  await checkpoint(serverUrl);
  const output = execFileSync('pgbench', ['-c', String(clients), '-j', '2', '-T', String(seconds), '-M', 'prepared', url], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
  return match ? Number(match[1]) : undefined;
}
