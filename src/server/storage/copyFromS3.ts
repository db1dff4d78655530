import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { S3Bucket } from './s3.js';

/** Every key in the bucket, page by page. */
async function* keysOf({ client, bucket }: S3Bucket, limit?: number): AsyncGenerator<string> {
  let ContinuationToken: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken, MaxKeys: limit }));
    for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken && limit === undefined);
}

export async function bucketIsEmpty(source: S3Bucket): Promise<boolean> {
  for await (const _key of keysOf(source, 1)) return false;
  return true;
}

/**
 * Copies every object of the bucket into `folder`, each at the path of its key (the layout of
 * DATA_DIR/uploads, objectStore.ts), which copyUploadsToS3 puts back. A key that would lead out of
 * the folder is refused. How many files were written.
 */
export async function copyBucketToFolder(source: S3Bucket, folder: string): Promise<number> {
  let copied = 0;
  for await (const key of keysOf(source)) {
    const file = path.resolve(folder, ...key.split('/'));
    if (!file.startsWith(path.resolve(folder) + path.sep)) throw new Error(`the bucket holds a key outside any folder: ${key}`);
    const object = await source.client.send(new GetObjectCommand({ Bucket: source.bucket, Key: key }));
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await object.Body!.transformToByteArray());
    copied += 1;
  }
  return copied;
}
