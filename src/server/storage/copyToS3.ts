import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { plural } from '@shared/plural.js';
import { isMissingObject, type S3Bucket } from './s3.js';

export interface CopyTotals {
  copied: number;
  /** Already in the bucket with the same size: an earlier run copied them. */
  skipped: number;
  copiedBytes: number;
}

function size(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The files under the uploads folder, by their path from it with '/' between segments: their keys in the bucket. */
async function storedKeys(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return (
    entries
      // A .partial file is one DiskStore.write was interrupted in: it never held a stored file.
      .filter((entry) => entry.isFile() && !entry.name.endsWith('.partial'))
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
      .sort()
  );
}

async function sizeInBucket({ client, bucket }: S3Bucket, key: string): Promise<number | null> {
  try {
    return (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))).ContentLength ?? null;
  } catch (error) {
    if (isMissingObject(error)) return null;
    throw error;
  }
}

/**
 * Copies every file under DATA_DIR/uploads into the bucket under the key S3Store reads it by (the
 * same path: objectStore.ts), one line of progress each. A file already there with the same size is
 * skipped, so a run cut short, or one more run after the switch to STORAGE=s3, copies only the rest.
 */
export async function copyUploadsToS3(root: string, target: S3Bucket, print: (line: string) => void): Promise<CopyTotals> {
  const keys = await storedKeys(root);
  const totals: CopyTotals = { copied: 0, skipped: 0, copiedBytes: 0 };
  for (const [index, key] of keys.entries()) {
    const file = path.join(root, ...key.split('/'));
    const { size: bytes } = await stat(file);
    const progress = `[${index + 1}/${keys.length}] ${key}`;
    if ((await sizeInBucket(target, key)) === bytes) {
      totals.skipped += 1;
      print(`${progress}: already in the bucket`);
      continue;
    }
    await target.client.send(new PutObjectCommand({ Bucket: target.bucket, Key: key, Body: await readFile(file) }));
    totals.copied += 1;
    totals.copiedBytes += bytes;
    print(`${progress}: copied (${size(bytes)})`);
  }
  print(
    `${keys.length} ${plural(keys.length, 'file')}: ${totals.copied} copied (${size(totals.copiedBytes)}), ${totals.skipped} already in bucket ${target.bucket}`,
  );
  return totals;
}
