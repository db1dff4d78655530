import path from 'node:path';
import { backUp, BackupRefused, restore } from '../src/server/backup/backup.js';
import { loadConfig } from '../src/server/config.js';
import { runCommand } from './runCommand.js';

/**
 * `npm run backup -- <folder>` writes this installation's database and uploads into a new folder;
 * `npm run restore -- <folder>` restores one into a new installation (settings DATA_DIR and
 * DATABASE_URL say which). Stop the server first when it runs on the embedded database.
 */
async function main() {
  const [command, folder] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !folder) {
    throw new BackupRefused('Usage: npm run backup -- <new folder>, or npm run restore -- <backup folder>');
  }
  const config = loadConfig();
  const installation = { dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL };
  const target = path.resolve(folder);
  if (command === 'backup') {
    const manifest = await backUp(installation, target);
    process.stdout.write(
      `Backed up the ${manifest.database} database and ${manifest.uploadedFiles} uploaded file(s) into ${target}.\n`,
    );
  } else {
    const manifest = await restore(installation, target);
    process.stdout.write(
      `Restored the ${manifest.database} database and ${manifest.uploadedFiles} uploaded file(s) of ${manifest.createdAt}. Start the server to apply newer migrations.\n`,
    );
  }
}

runCommand(main, 'The backup or restore failed', [BackupRefused]);
