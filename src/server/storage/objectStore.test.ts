import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '@shared/storage/widths.js';
import { useS3Bucket } from '../test/s3.js';
import { DiskStore } from './disk.js';
import { MissingFileError, type ObjectStore } from './objectStore.js';
import { S3Store } from './s3.js';
import type { FileLocation } from './urls.js';

const picture = (folder: string | null = null): FileLocation => ({
  bucket: 'food-images',
  folder,
  fileName: `${randomUUID()}.webp`,
});

/** What StorageService relies on, asked of the disk and of an S3-compatible bucket alike. */
describe.each([
  [
    'on local disk',
    () => {
      const root = mkdtempSync(path.join(tmpdir(), 'object-store-'));
      afterAll(() => rmSync(root, { recursive: true, force: true }));
      return () => new DiskStore(root);
    },
  ],
  [
    'in an S3-compatible bucket',
    () => {
      const bucket = useS3Bucket();
      return () => new S3Store(bucket.client, bucket.settings.bucket);
    },
  ],
])('the store of uploads %s', (_where, useStore: () => () => ObjectStore) => {
  const store = useStore();

  it('gives back what was written, each width apart from the picture, in a folder or not', async () => {
    for (const location of [picture(), picture(randomUUID())]) {
      await store().write(location, Buffer.from('original'));
      await store().write(location, Buffer.from('at 360'), 360);

      expect((await store().read(location)).toString()).toBe('original');
      expect((await store().read(location, 360)).toString()).toBe('at 360');
    }
  });

  it('writes over a file with the new bytes', async () => {
    const location = picture();
    await store().write(location, Buffer.from('first'));
    await store().write(location, Buffer.from('second'));

    expect((await store().read(location)).toString()).toBe('second');
  });

  it('rejects a read of nothing stored with MissingFileError, for a picture and for a width not made yet', async () => {
    const location = picture();
    await expect(store().read(location)).rejects.toBeInstanceOf(MissingFileError);
    await store().write(location, Buffer.from('original'));
    await expect(store().read(location, 720)).rejects.toBeInstanceOf(MissingFileError);
  });

  it('removes a picture with all its widths, and removing nothing stored is no error', async () => {
    const location = picture();
    await store().write(location, Buffer.from('original'));
    for (const width of IMAGE_WIDTHS) await store().write(location, Buffer.from(`at ${width}`), width);

    await store().remove(location);
    await store().remove(location);

    for (const width of [null, ...IMAGE_WIDTHS]) {
      await expect(store().read(location, width)).rejects.toBeInstanceOf(MissingFileError);
    }
  });

  it.each([
    ['a file name it did not choose', { bucket: 'food-images', folder: null, fileName: '../../jwt-secret' }],
    ['a folder it did not choose', { bucket: 'food-images', folder: '..', fileName: `${randomUUID()}.webp` }],
  ] as const)('refuses %s before touching anything', async (_what, location) => {
    await expect(store().write(location, Buffer.from('x'))).rejects.toThrow(/unsafe/);
    await expect(store().read(location)).rejects.toThrow(/unsafe/);
    await expect(store().remove(location)).rejects.toThrow(/unsafe/);
  });
});
