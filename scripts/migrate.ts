import path from 'node:path';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { migrationsApplied } from '../src/server/db/migrationState.js';
import { runCommand } from './runCommand.js';

/**
 * `npm run migrate`: brings the database of DATABASE_URL (or DATA_DIR's embedded one) to this
 * release's schema, the job queue's tables included, and exits. A deployment runs it once before
 * it starts or replaces any instance (README, 'Run it in production'); instances that start
 * afterwards find nothing to do.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'db'),
  });
  try {
    if (!(await migrationsApplied(database.db))) {
      process.stderr.write('The database still lacks some of this release’s migrations.\n');
      return 1;
    }
    process.stdout.write('The database has every migration of this release.\n');
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main, 'Could not migrate the database');
