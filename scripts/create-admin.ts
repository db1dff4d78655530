import path from 'node:path';
import { ensureAdmin } from '../src/server/admin/ensureAdmin.js';
import { CREATE_ADMIN_USAGE, parseCreateAdminArgs } from '../src/server/admin/createAdminCli.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { runCommand } from './runCommand.js';

/** `npm run create-admin -- --email x --password y [--name "..."]`: creates or promotes an admin. */
async function main(): Promise<number> {
  const args = parseCreateAdminArgs(process.argv.slice(2), process.env);
  if (!args.ok) {
    process.stderr.write(`${args.message}\n\n${CREATE_ADMIN_USAGE}\n`);
    return 1;
  }
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'db'),
  });
  try {
    const { email } = args.input;
    const created = await ensureAdmin(database.db, args.input);
    process.stdout.write(
      created
        ? `Admin ${email} created. Sign in at ${config.PUBLIC_URL}/auth\n`
        : `${email} already had an account: it now has the admin role (its password is unchanged).\n`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCommand(main, 'Could not create the admin');
