import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectCommand,
  ListObjectsV2Command,
  type S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import type { S3Settings } from '../config.js';
import { s3Client } from '../storage/s3.js';

const START_SCRIPT = fileURLToPath(new URL('../../../scripts/swift/start.sh', import.meta.url));

export interface TestBucket {
  settings: S3Settings;
  client: S3Client;
  /** The settings of an app that keeps its uploads in this bucket, for useTestApp. */
  env: Record<string, string>;
}

/**
 * The S3 server of the tests: the one S3_TEST_ENDPOINT names (with S3_TEST_ACCESS_KEY_ID,
 * S3_TEST_SECRET_ACCESS_KEY and optionally S3_TEST_REGION), else this run's throwaway Swift
 * (scripts/swift/start.sh), started by the first file that asks and stopped by swiftGlobalSetup.ts.
 */
async function testServer(): Promise<Omit<S3Settings, 'bucket'>> {
  const { S3_TEST_ENDPOINT, S3_TEST_ACCESS_KEY_ID, S3_TEST_SECRET_ACCESS_KEY, S3_TEST_REGION } = process.env;
  if (S3_TEST_ENDPOINT) {
    if (!S3_TEST_ACCESS_KEY_ID || !S3_TEST_SECRET_ACCESS_KEY) {
      throw new Error('S3_TEST_ENDPOINT needs S3_TEST_ACCESS_KEY_ID and S3_TEST_SECRET_ACCESS_KEY');
    }
    const region = S3_TEST_REGION ?? 'us-east-1';
    return { endpoint: S3_TEST_ENDPOINT, region, accessKeyId: S3_TEST_ACCESS_KEY_ID, secretAccessKey: S3_TEST_SECRET_ACCESS_KEY };
  }
  const { stdout } = await promisify(execFile)(START_SCRIPT, [inject('swiftDir')], { timeout: 60_000 });
  const printed = new Map(
    stdout.split('\n').map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  const setting = (key: string) => {
    const value = printed.get(key);
    if (!value) throw new Error(`scripts/swift/start.sh printed no ${key}:\n${stdout}`);
    return value;
  };
  return {
    endpoint: setting('S3_ENDPOINT'),
    region: setting('S3_REGION'),
    accessKeyId: setting('S3_ACCESS_KEY_ID'),
    secretAccessKey: setting('S3_SECRET_ACCESS_KEY'),
  };
}

/** Every key in the bucket, in order. */
export async function bucketKeys(bucket: TestBucket): Promise<string[]> {
  const listing = await bucket.client.send(new ListObjectsV2Command({ Bucket: bucket.settings.bucket }));
  return (listing.Contents ?? []).map((object) => object.Key!).sort();
}

async function emptyBucket(bucket: TestBucket): Promise<void> {
  const keys = await bucketKeys(bucket);
  await Promise.all(keys.map((Key) => bucket.client.send(new DeleteObjectCommand({ Bucket: bucket.settings.bucket, Key }))));
}

/** A bucket of its own for a test file on the test S3 server, emptied before each test and deleted after the file. */
export function useS3Bucket(): TestBucket {
  const bucket = {} as TestBucket;
  beforeAll(async () => {
    bucket.settings = { ...(await testServer()), bucket: `test-${randomBytes(6).toString('hex')}` };
    bucket.client = s3Client(bucket.settings);
    await bucket.client.send(new CreateBucketCommand({ Bucket: bucket.settings.bucket }));
    bucket.env = {
      STORAGE: 's3',
      S3_ENDPOINT: bucket.settings.endpoint,
      S3_REGION: bucket.settings.region,
      S3_BUCKET: bucket.settings.bucket,
      S3_ACCESS_KEY_ID: bucket.settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: bucket.settings.secretAccessKey,
    };
  }, 60_000);
  beforeEach(() => emptyBucket(bucket));
  afterAll(async () => {
    if (!bucket.client) return;
    await emptyBucket(bucket);
    await bucket.client.send(new DeleteBucketCommand({ Bucket: bucket.settings.bucket }));
    bucket.client.destroy();
  });
  return bucket;
}
