import path from 'node:path';
import { s3SettingsOf, type Config } from '../config.js';
import { DiskStore } from './disk.js';
import type { ObjectStore } from './objectStore.js';
import { S3Store, s3Client } from './s3.js';

/** The store STORAGE names: DATA_DIR/uploads, or the bucket of the S3_* settings. */
export function openObjectStore(config: Config): ObjectStore {
  if (config.STORAGE === 'disk') return new DiskStore(path.join(config.DATA_DIR, 'uploads'));
  const settings = s3SettingsOf(config);
  return new S3Store(s3Client(settings), settings.bucket);
}
