import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Runs a command with `input` on its standard input; rejects with its error output when it fails. */
function runWithInput(command: string, args: string[], options: { env: NodeJS.ProcessEnv; input: string }): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: options.env, stdio: ['pipe', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${errors.trim()}`))));
    child.stdin.end(options.input);
  });
}

/**
 * The connection of a database URL as libpq's environment variables, so that pg_dump and
 * pg_restore never carry the password on their command line (where `ps` shows it).
 */
function libpqEnvironment(databaseUrl: string): NodeJS.ProcessEnv {
  const url = new URL(databaseUrl);
  const sslMode = url.searchParams.get('sslmode');
  return {
    ...process.env,
    PGHOST: decodeURIComponent(url.hostname),
    PGPORT: url.port || '5432',
    PGUSER: decodeURIComponent(url.username),
    PGPASSWORD: decodeURIComponent(url.password),
    PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
    ...(sslMode ? { PGSSLMODE: sslMode } : {}),
  };
}

/** The database, schema and rows, in pg_dump's custom format (compressed, for pg_restore). */
export async function pgDump(databaseUrl: string, file: string): Promise<void> {
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`], {
    env: libpqEnvironment(databaseUrl),
  });
}

/**
 * pg_dump and pg_restore run with an empty search_path, in which earthdistance's ll_to_earth,
 * written in SQL without naming its schema, cannot find the `earth` type it returns: building the
 * dispatch index on it (decision 008) fails. Restoring that section with the extensions' schema
 * on the path is the known way round, and changes nothing else: every name in a dump is qualified.
 */
const EMPTY_SEARCH_PATH = "SELECT pg_catalog.set_config('search_path', '', false);";
const EXTENSIONS_SEARCH_PATH = "SELECT pg_catalog.set_config('search_path', 'public', false);";

/**
 * Restores a pg_dump file into the (empty) database: the tables and rows in one transaction, then
 * the indexes, constraints and triggers in another.
 */
export async function pgRestore(databaseUrl: string, file: string): Promise<void> {
  const env = libpqEnvironment(databaseUrl);
  // pg_restore writes SQL to its output unless told a database: the name alone, the rest is in env.
  const options = ['--no-owner', '--no-privileges', '--exit-on-error'];
  await run(
    'pg_restore',
    [...options, '--single-transaction', '--section=pre-data', '--section=data', `--dbname=${env.PGDATABASE}`, file],
    {
      env,
    },
  );
  const { stdout: postData } = await run('pg_restore', [...options, '--section=post-data', '--file=-', file], {
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  // psql, not a client library: the script carries psql's \restrict lines, which guard the restore.
  await runWithInput('psql', ['--no-psqlrc', '--set=ON_ERROR_STOP=1', '--single-transaction', '--quiet', '--file=-'], {
    env,
    input: postData.replaceAll(EMPTY_SEARCH_PATH, EXTENSIONS_SEARCH_PATH),
  });
}

/** Whether the database holds any table: a restore goes into an empty one only. */
export async function postgresHasTables(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      "select count(*)::int as tables from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return (rows[0]?.tables ?? 0) > 0;
  } finally {
    await client.end();
  }
}
