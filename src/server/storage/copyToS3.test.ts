import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bucketKeys, useS3Bucket } from '../test/s3.js';
import { copyUploadsToS3 } from './copyToS3.js';
import { DiskStore } from './disk.js';
import { S3Store } from './s3.js';
import type { FileLocation } from './urls.js';

describe('copying the uploads on disk into the bucket (npm run storage:copy-to-s3)', () => {
  const bucket = useS3Bucket();
  let dataDir: string;
  let disk: DiskStore;
  beforeEach(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'copy-to-s3-'));
    disk = new DiskStore(path.join(dataDir, 'uploads'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  const copy = async () => {
    const lines: string[] = [];
    const totals = await copyUploadsToS3(
      path.join(dataDir, 'uploads'),
      { client: bucket.client, bucket: bucket.settings.bucket },
      (line) => lines.push(line),
    );
    return { totals, lines };
  };

  it('puts every stored file under the key S3Store reads it by, then skips what is already there with the same size', async () => {
    const food: FileLocation = { bucket: 'food-images', folder: randomUUID(), fileName: `${randomUUID()}.webp` };
    const avatar: FileLocation = { bucket: 'profile-pictures', folder: null, fileName: `${randomUUID()}.webp` };
    await disk.write(food, Buffer.from('jollof'));
    await disk.write(food, Buffer.from('jollof at 360'), 360);
    await disk.write(avatar, Buffer.from('me'));
    writeFileSync(path.join(dataDir, 'uploads', 'profile-pictures', `${avatar.fileName}.${randomUUID()}.partial`), 'cut short');

    const first = await copy();

    expect(first.totals).toEqual({ copied: 3, skipped: 0, copiedBytes: 6 + 13 + 2 });
    expect(first.lines).toEqual([
      expect.stringMatching(/^\[1\/3\] food-images\/.+\.360w\.webp: copied \(13 B\)$/),
      expect.stringMatching(/^\[2\/3\] food-images\/.+: copied/),
      expect.stringMatching(/^\[3\/3\] profile-pictures\/.+: copied/),
      `3 files: 3 copied (21 B), 0 already in bucket ${bucket.settings.bucket}`,
    ]);
    expect(await bucketKeys(bucket)).toHaveLength(3);
    const s3 = new S3Store(bucket.client, bucket.settings.bucket);
    expect((await s3.read(food)).toString()).toBe('jollof');
    expect((await s3.read(food, 360)).toString()).toBe('jollof at 360');
    expect((await s3.read(avatar)).toString()).toBe('me');

    await disk.write(avatar, Buffer.from('me again'));
    const second = await copy();

    expect(second.totals).toEqual({ copied: 1, skipped: 2, copiedBytes: 8 });
    expect(second.lines.filter((line) => line.endsWith('already in the bucket'))).toHaveLength(2);
    expect((await s3.read(avatar)).toString()).toBe('me again');
  });

  const run = (env: Record<string, string>) =>
    promisify(execFile)('npm', ['run', '--silent', 'storage:copy-to-s3'], {
      env: { ...process.env, DATA_DIR: dataDir, ...env },
    });

  it('runs as an npm script on the settings of the environment, STORAGE=disk still, printing a total', async () => {
    await disk.write({ bucket: 'profile-pictures', folder: null, fileName: `${randomUUID()}.webp` }, Buffer.from('me'));

    const { stdout } = await run({ ...bucket.env, STORAGE: 'disk' });

    expect(stdout).toContain(`into bucket ${bucket.settings.bucket}`);
    expect(stdout).toContain(`1 file: 1 copied (2 B), 0 already in bucket ${bucket.settings.bucket}`);
    expect(await bucketKeys(bucket)).toHaveLength(1);
  });

  it('refuses to run without the bucket to copy into, naming each missing setting', async () => {
    await disk.write({ bucket: 'profile-pictures', folder: null, fileName: `${randomUUID()}.webp` }, Buffer.from('me'));

    const refused = run({ S3_ENDPOINT: bucket.settings.endpoint, S3_BUCKET: '', S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' });

    await expect(refused).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /S3_BUCKET is required.*\n.*S3_ACCESS_KEY_ID is required.*\n.*S3_SECRET_ACCESS_KEY is required/,
      ),
    });
    expect(await bucketKeys(bucket)).toEqual([]);
  });
});
