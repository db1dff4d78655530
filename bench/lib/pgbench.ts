import { execFileSync } from 'node:child_process';
import pg from 'pg';

/**
 * PostgreSQL's own benchmark as a yardstick measured in the same run: its TPC-B-like transactions
 * per second (five statements each, three of them updates) with `clients` connections for
 * `seconds`, on a scratch database of scale 1 made once. A figure of ours divided by it stays
 * comparable across machines and busy hours. Undefined when pgbench is not installed.
 */
export async function pgbenchTps(serverUrl: string, { clients = 8, seconds = 10 } = {}): Promise<number | undefined> {
  try {
    execFileSync('pgbench', ['--version'], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  const url = new URL(serverUrl);
  url.pathname = '/bench_pgbench';
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const exists = await admin.query(`select 1 from pg_database where datname = 'bench_pgbench'`);
    if (exists.rowCount === 0) {
      await admin.query('create database bench_pgbench');
      execFileSync('pgbench', ['-i', '-q', '-s', '1', url.toString()], { stdio: 'ignore' });
    }
  } finally {
    await admin.end();
  }
  const output = execFileSync(
    'pgbench',
    ['-c', String(clients), '-j', '2', '-T', String(seconds), '-M', 'prepared', url.toString()],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(output);
  return match ? Number(match[1]) : undefined;
}
