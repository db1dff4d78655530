import path from 'node:path';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { removeDemo } from '../src/server/db/seed/demoAccounts.js';
import { runCommand } from './runCommand.js';

/** `npm run remove-demo`: deletes the demo accounts with their restaurants and orders. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'db'),
  });
  try {
    const removed = await removeDemo(database.db);
    process.stdout.write(
      `Removed ${removed.accounts} demo account(s), ${removed.restaurants} restaurant(s) and ${removed.orders} order(s).\n`,
    );
  } finally {
    await database.close();
  }
}

runCommand(main, 'Could not remove the demo data');
