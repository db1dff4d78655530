import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig, s3SettingsOf } from '../src/server/config.js';
import { copyUploadsToS3 } from '../src/server/storage/copyToS3.js';
import { s3Client } from '../src/server/storage/s3.js';
import { runCommand } from './runCommand.js';

/**
 * `npm run storage:copy-to-s3`: copies DATA_DIR/uploads into the bucket of the S3_* settings (read
 * from the environment, then .env), whatever STORAGE says, so it can run before the switch to
 * STORAGE=s3 and once more after it.
 */
async function main(): Promise<number> {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const settings = s3SettingsOf(config);
  const root = path.join(config.DATA_DIR, 'uploads');
  if (!existsSync(root)) {
    process.stderr.write(`There is no ${root} (DATA_DIR/uploads): no uploads to copy.\n`);
    return 1;
  }
  process.stdout.write(`Copying ${root} into bucket ${settings.bucket} at ${settings.endpoint}\n`);
  const client = s3Client(settings);
  try {
    await copyUploadsToS3(root, { client, bucket: settings.bucket }, (line) => process.stdout.write(`${line}\n`));
    return 0;
  } finally {
    client.destroy();
  }
}

runCommand(main, 'Could not copy the uploads');
