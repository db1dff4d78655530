import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { bucketKeys, useS3Bucket } from '../test/s3.js';
import { MissingFileError } from './objectStore.js';
import { S3Store, s3Client } from './s3.js';

describe('S3Store', () => {
  const bucket = useS3Bucket();
  const store = () => new S3Store(bucket.client, bucket.settings.bucket);

  it('keeps each file under the key of its path on disk, its widths beside it, in the one bucket configured', async () => {
    const folder = randomUUID();
    const name = randomUUID();
    const inFolder = { bucket: 'food-images', folder, fileName: `${name}.webp` } as const;
    const loose = { bucket: 'profile-pictures', folder: null, fileName: `${name}.webp` } as const;

    await store().write(inFolder, Buffer.from('original'));
    await store().write(inFolder, Buffer.from('at 360'), 360);
    await store().write(loose, Buffer.from('avatar'));

    expect(await bucketKeys(bucket)).toEqual([
      `food-images/${folder}/${name}.360w.webp`,
      `food-images/${folder}/${name}.webp`,
      `profile-pictures/${name}.webp`,
    ]);
  });

  it('is refused by the store when signing with a wrong secret, which no read mistakes for a missing file', async () => {
    const location = { bucket: 'profile-pictures', folder: null, fileName: `${randomUUID()}.webp` } as const;
    await store().write(location, Buffer.from('avatar'));
    const impostor = new S3Store(s3Client({ ...bucket.settings, secretAccessKey: 'not-the-secret' }), bucket.settings.bucket);

    const refused = { statusCode: 503, cause: { name: 'SignatureDoesNotMatch' } };
    await expect(impostor.write(location, Buffer.from('forged'))).rejects.toMatchObject(refused);
    const read = impostor.read(location);
    await expect(read).rejects.toMatchObject(refused);
    await expect(read).rejects.not.toBeInstanceOf(MissingFileError);
    expect((await store().read(location)).toString()).toBe('avatar');
  });

  it('gives up on a store that accepts the connection but never answers, with a 503 to try again', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const hanging = new S3Store(
      s3Client({ ...bucket.settings, endpoint: `http://127.0.0.1:${port}` }, { connectMs: 500, answerMs: 500 }),
      bucket.settings.bucket,
    );
    const location = { bucket: 'profile-pictures', folder: null, fileName: `${randomUUID()}.webp` } as const;
    try {
      const started = Date.now();
      await expect(hanging.read(location)).rejects.toMatchObject({ statusCode: 503, code: 'unavailable' });
      await expect(hanging.write(location, Buffer.from('avatar'))).rejects.toMatchObject({ statusCode: 503 });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      silent.closeAllConnections();
      silent.close();
    }
  });
});
