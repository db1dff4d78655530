import { cp, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { JWT_SECRET_FILE } from '../config.js';
import { openDatabase } from '../db/client.js';
import { VAPID_KEY_FILE } from '../notifications/push/vapid.js';
import { bucketIsEmpty, copyBucketToFolder } from '../storage/copyFromS3.js';
import { copyUploadsToS3 } from '../storage/copyToS3.js';
import type { S3Bucket } from '../storage/s3.js';
import { pgDump, pgRestore, postgresHasTables } from './postgresTools.js';

/**
 * Backups (issue 25 item 5): the database and the uploaded pictures of one installation (from
 * DATA_DIR/uploads or its bucket), into a folder, and back into a new installation. PostgreSQL through pg_dump and pg_restore; the
 * embedded database as its files, which only a stopped server leaves still.
 */

/** Where an installation keeps its data: its settings DATA_DIR, DATABASE_URL and, with STORAGE=s3, its bucket. */
export interface Installation {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** The bucket of the uploads; without it they are in DATA_DIR/uploads. */
  bucket?: S3Bucket | undefined;
}

const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.iso.datetime(),
  database: z.enum(['postgres', 'embedded']),
  uploadedFiles: z.number().int().min(0),
});

export type BackupManifest = z.infer<typeof manifestSchema>;

const MANIFEST = 'backup.json';
/** Keys the server generated into DATA_DIR when the settings gave none: sessions and push subscriptions depend on them. */
const GENERATED_KEYS = [JWT_SECRET_FILE, VAPID_KEY_FILE];
const POSTGRES_DUMP = 'database.dump';
const EMBEDDED_FILES = 'database.tar';
const UPLOADS = 'uploads';

export class BackupRefused extends Error {}

const uploadsOf = (installation: Installation) => path.join(installation.dataDir, UPLOADS);
const embeddedDatabaseOf = (installation: Installation) => path.join(installation.dataDir, 'db');

async function filesUnder(folder: string): Promise<number> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

/** The uploads, from the bucket or from DATA_DIR/uploads, into `target` (laid out as DATA_DIR/uploads). */
async function copyUploads(installation: Installation, target: string): Promise<void> {
  if (installation.bucket) {
    await copyBucketToFolder(installation.bucket, target);
    return;
  }
  const uploads = uploadsOf(installation);
  if (await stat(uploads).catch(() => undefined)) await cp(uploads, target, { recursive: true });
}

async function restoreUploads(source: string, installation: Installation): Promise<void> {
  if (installation.bucket) await copyUploadsToS3(source, installation.bucket, () => undefined);
  else await cp(source, uploadsOf(installation), { recursive: true });
}

async function copyGeneratedKeys(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const file of GENERATED_KEYS) {
    if (await stat(path.join(from, file)).catch(() => undefined)) await cp(path.join(from, file), path.join(to, file));
  }
}

async function isEmptyFolder(folder: string): Promise<boolean> {
  const entries = await readdir(folder).catch(() => []);
  return entries.length === 0;
}

/** Writes the installation's database and uploads into `folder`, which must be new or empty. */
export async function backUp(installation: Installation, folder: string): Promise<BackupManifest> {
  if (!(await isEmptyFolder(folder))) throw new BackupRefused(`${folder} is not empty: back up into a new folder.`);
  if (!installation.databaseUrl && (await isEmptyFolder(embeddedDatabaseOf(installation)))) {
    throw new BackupRefused(`No database in ${embeddedDatabaseOf(installation)}: set DATA_DIR as the server has it.`);
  }
  await mkdir(folder, { recursive: true });
  if (installation.databaseUrl) {
    await pgDump(installation.databaseUrl, path.join(folder, POSTGRES_DUMP));
  } else {
    const database = await openDatabase({ dataDir: embeddedDatabaseOf(installation) });
    try {
      const files = await database.dumpDataDir!();
      await writeFile(path.join(folder, EMBEDDED_FILES), Buffer.from(await files.arrayBuffer()));
    } finally {
      await database.close();
    }
  }
  await copyUploads(installation, path.join(folder, UPLOADS));
  await copyGeneratedKeys(installation.dataDir, folder);
  const manifest: BackupManifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: installation.databaseUrl ? 'postgres' : 'embedded',
    uploadedFiles: await filesUnder(path.join(folder, UPLOADS)),
  };
  await writeFile(path.join(folder, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

async function readManifest(folder: string): Promise<BackupManifest> {
  const text = await readFile(path.join(folder, MANIFEST), 'utf8').catch(() => {
    throw new BackupRefused(`${folder} holds no backup (no ${MANIFEST}).`);
  });
  const manifest = manifestSchema.safeParse(JSON.parse(text));
  if (!manifest.success) throw new BackupRefused(`${folder} holds a backup of an unknown format.`);
  return manifest.data;
}

/**
 * Restores the backup in `folder` into a new installation: an empty PostgreSQL database (created
 * by the operator) or a DATA_DIR without a database yet, and without uploads. The app's next start
 * applies any migration newer than the backup.
 */
export async function restore(installation: Installation, folder: string): Promise<BackupManifest> {
  const manifest = await readManifest(folder);
  if ((manifest.database === 'postgres') !== Boolean(installation.databaseUrl)) {
    throw new BackupRefused(
      manifest.database === 'postgres'
        ? 'This backup is of a PostgreSQL database: set DATABASE_URL to a new, empty database to restore it.'
        : 'This backup is of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.',
    );
  }
  if (installation.bucket ? !(await bucketIsEmpty(installation.bucket)) : !(await isEmptyFolder(uploadsOf(installation)))) {
    throw new BackupRefused(
      installation.bucket
        ? `Bucket ${installation.bucket.bucket} already holds files: restore into a new, empty bucket.`
        : `${uploadsOf(installation)} already holds files: restore into a new DATA_DIR.`,
    );
  }
  if (installation.databaseUrl) {
    if (await postgresHasTables(installation.databaseUrl)) {
      throw new BackupRefused('The database already has tables: restore into a new, empty database.');
    }
    await pgRestore(installation.databaseUrl, path.join(folder, POSTGRES_DUMP));
  } else {
    if (!(await isEmptyFolder(embeddedDatabaseOf(installation)))) {
      throw new BackupRefused(`${embeddedDatabaseOf(installation)} already holds a database: restore into a new DATA_DIR.`);
    }
    const files = new Blob([await readFile(path.join(folder, EMBEDDED_FILES))]);
    const database = await openDatabase({ dataDir: embeddedDatabaseOf(installation), loadDataDir: files });
    await database.close();
  }
  if (manifest.uploadedFiles > 0) await restoreUploads(path.join(folder, UPLOADS), installation);
  // Over any the restore command's own start generated: the new installation has no session yet.
  await copyGeneratedKeys(folder, installation.dataDir);
  return manifest;
}
