import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectCommand } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { rowsOf } from '../db/rows.js';
import { openRestaurant, placeOrder } from '../orders/testOrders.js';
import { createUser } from '../test/accounts.js';
import { dropPostgresDatabase, newPostgresDatabase } from '../test/database.js';
import { testConfig, type TestContext } from '../test/app.js';
import { uploadPicture } from '../test/images.js';
import { bucketKeys, useS3Bucket, type TestBucket } from '../test/s3.js';
import { backUp, BackupRefused, restore, type Installation } from './backup.js';

const postgresUrl = process.env.TEST_DATABASE_URL;
const folders: string[] = [];
const databases: string[] = [];
const newFolder = (name: string) => {
  const folder = mkdtempSync(path.join(tmpdir(), `chopchop-${name}-`));
  folders.push(folder);
  return folder;
};

async function newDatabase() {
  const url = await newPostgresDatabase('backup');
  databases.push(url);
  return url;
}

/** An installation, and the settings of an app on it beyond DATA_DIR and DATABASE_URL (its bucket's). */
type TestInstallation = Installation & { env: Record<string, string> };

/**
 * A new installation of the kind the tests run on: its own DATA_DIR and, on PostgreSQL, its own
 * database; its uploads in `bucket` when given.
 */
async function newInstallation(bucket?: TestBucket): Promise<TestInstallation> {
  return {
    dataDir: newFolder('data'),
    databaseUrl: postgresUrl ? await newDatabase() : undefined,
    bucket: bucket && { client: bucket.client, bucket: bucket.settings.bucket },
    env: bucket?.env ?? {},
  };
}

/** The app as a server runs it on the installation (its database on disk or on PostgreSQL). */
async function serve(installation: TestInstallation): Promise<TestContext> {
  const overrides = {
    DATA_DIR: installation.dataDir,
    ...(installation.databaseUrl ? { DATABASE_URL: installation.databaseUrl } : {}),
    ...installation.env,
  };
  const config = { ...testConfig(overrides), inMemoryDb: false };
  const app = await buildApp(config, { logger: false });
  return { app, database: app.database, config };
}

/**
 * Populates an app on `original` (an account, an order, a picture), backs it up, restores the
 * backup into `copy` and finds them all there, and the dispatch index; then checks that a restore
 * never goes over data.
 */
async function backUpAndRestore(original: TestInstallation, copy: TestInstallation) {
  const t = await serve(original);
  const customer = await createUser(t, { role: 'customer', email: 'ama@backup.test', password: 'a-long-password' });
  const order = await placeOrder(t, customer, await openRestaurant(t));
  const uploaded = await uploadPicture(t.app, 'profile-pictures', customer);
  expect(uploaded.statusCode).toBe(201);
  const picture = uploaded.json<{ url: string }>().url;
  const pictureBytes = (await t.app.inject({ method: 'GET', url: picture })).rawPayload;
  await t.app.close();

  // Keys a server generates into DATA_DIR when the settings give none.
  writeFileSync(path.join(original.dataDir, 'jwt-secret'), 'generated-session-secret');
  writeFileSync(path.join(original.dataDir, 'vapid-keys.json'), '{"publicKey":"p","privateKey":"k"}');

  const folder = path.join(newFolder('backup'), 'nightly');
  const manifest = await backUp(original, folder);
  expect(manifest).toMatchObject({ format: 1, database: postgresUrl ? 'postgres' : 'embedded', uploadedFiles: 1 });

  await restore(copy, folder);
  expect(readFileSync(path.join(copy.dataDir, 'jwt-secret'), 'utf8')).toBe('generated-session-secret');
  expect(readFileSync(path.join(copy.dataDir, 'vapid-keys.json'), 'utf8')).toContain('"privateKey":"k"');
  const restored = await serve(copy);
  try {
    const signedIn = await restored.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'ama@backup.test', password: 'a-long-password' },
    });
    expect(signedIn.statusCode).toBe(200);
    const token = signedIn.json<{ accessToken: string }>().accessToken;
    const found = await restored.app.inject({
      method: 'GET',
      url: `/api/orders/${order.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: order.id, totalAmount: order.totalAmount, status: order.status });
    const served = await restored.app.inject({ method: 'GET', url: picture });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pictureBytes)).toBe(true);
    // Indexes too, the dispatch index on earthdistance's ll_to_earth among them.
    const [index] = rowsOf<{ indexname: string }>(
      await restored.app.db.execute(sql`select indexname from pg_indexes where indexname = 'drivers_dispatch_position_idx'`),
    );
    expect(index?.indexname).toBe('drivers_dispatch_position_idx');
  } finally {
    await restored.app.close();
  }

  // Never over what is there: neither into the installation it came from nor into a used folder.
  await expect(restore(original, folder)).rejects.toThrow(BackupRefused);
  await expect(backUp(original, folder)).rejects.toThrow('is not empty: back up into a new folder.');
  if (!postgresUrl) await expect(backUp({ dataDir: newFolder('nothing') }, newFolder('empty'))).rejects.toThrow('No database in');
}

describe('backup and restore', () => {
  afterAll(async () => {
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
    await Promise.all(databases.map(dropPostgresDatabase));
  });

  it('backs up a populated app and restores it into a new one with the same accounts, orders and pictures', async () => {
    await backUpAndRestore(await newInstallation(), await newInstallation());
  });

  describe('with the uploads in an S3 bucket', () => {
    const bucket = useS3Bucket();

    it('backs up the bucket with the database and restores it into a new, empty bucket', async () => {
      const other = { ...bucket, settings: { ...bucket.settings, bucket: `${bucket.settings.bucket}-copy` } };
      other.env = { ...bucket.env, S3_BUCKET: other.settings.bucket };
      await bucket.client.send(new CreateBucketCommand({ Bucket: other.settings.bucket }));
      try {
        await backUpAndRestore(await newInstallation(bucket), await newInstallation(other));
        expect(await bucketKeys(other)).toEqual(await bucketKeys(bucket));
      } finally {
        for (const key of await bucketKeys(other))
          await bucket.client.send(new DeleteObjectCommand({ Bucket: other.settings.bucket, Key: key }));
        await bucket.client.send(new DeleteBucketCommand({ Bucket: other.settings.bucket }));
      }
    });
  });
});
