import path from 'node:path';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { removeDemo, type RemovedDemo } from '../src/server/db/seed/demoAccounts.js';
import { runCommand } from './runCommand.js';

function removalReport(removed: RemovedDemo): string {
  if (removed.outcome === 'deleted')
    return `Removed ${removed.accounts} demo account(s), ${removed.restaurants} restaurant(s) and ${removed.orders} order(s).`;
  return (
    `Kept the demo data, as real money moved through it (${removed.ordersWithRealMoney} order(s) with money of both demo ` +
    `and real accounts or paid by card, ${removed.payoutsToDemo} payout(s) to demo accounts) and the ledger ` +
    `keeps every movement of money. Instead: disabled ${removed.accounts} demo account(s), which can no longer sign in, ` +
    `and closed ${removed.restaurants} demo restaurant(s) to orders.`
  );
}

/** `npm run remove-demo`: deletes the demo accounts with their restaurants and orders, or disables and closes them when real money moved through them. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'db'),
  });
  try {
    process.stdout.write(`${removalReport(await removeDemo(database.db))}\n`);
  } finally {
    await database.close();
  }
}

runCommand(main, 'Could not remove the demo data');
