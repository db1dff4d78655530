import path from 'node:path';
import { backUp, BackupRefused, restore } from '../src/server/backup/backup.js';
import { loadConfig, s3SettingsOf } from '../src/server/config.js';
import { s3Client } from '../src/server/storage/s3.js';
import { runCommand } from './runCommand.js';

/**
 * `npm run backup -- <folder>` writes this installation's database and uploads into a new folder;
 * `npm run restore -- <folder>` restores one into a new installation (settings DATA_DIR and
 * DATABASE_URL say which, and STORAGE with S3_* where the uploads are). Stop the server first when
 * it runs on the embedded database.
 */
async function main() {
  const [command, folder] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !folder) {
    throw new BackupRefused('Usage: npm run backup -- <new folder>, or npm run restore -- <backup folder>');
  }
  const config = loadConfig();
  const settings = config.STORAGE === 's3' ? s3SettingsOf(config) : undefined;
  const bucket = settings && { client: s3Client(settings), bucket: settings.bucket };
  const installation = { dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL, bucket };
  const target = path.resolve(folder);
  try {
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
  } finally {
    bucket?.client.destroy();
  }
}

runCommand(main, 'The backup or restore failed', [BackupRefused]);
