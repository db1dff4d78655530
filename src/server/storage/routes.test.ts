import { existsSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '@shared/storage/buckets.js';
import { IMAGE_WIDTH_MESSAGE } from '@shared/storage/widths.js';
import { uploads } from '../db/schema.js';
import { useAnotherApp, useTestApp, type TestContext } from '../test/app.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { hugeBlankPng, jpegWithExif, multipart, pngImage } from '../test/images.js';
import { bucketKeys, useS3Bucket } from '../test/s3.js';
import { TOO_MANY_PIXELS_MESSAGE } from './images.js';
import { signFileUrl } from './urls.js';

const uploadThrough = (t: TestContext, bucket: string, user: TestUser | null, file: { data: Buffer; filename: string }) => {
  const form = multipart({}, { file: { ...file, contentType: 'image/png' } });
  return t.app.inject({
    method: 'POST',
    url: `/api/storage/${bucket}`,
    payload: form.payload,
    headers: { ...form.headers, ...(user?.authHeader ?? {}) },
  });
};
const getThrough = (t: TestContext, url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, headers: user?.authHeader ?? {} });

describe('uploads and stored files', () => {
  const t = useTestApp();

  const upload = (bucket: string, user: TestUser | null, file: { data: Buffer; filename: string }) =>
    uploadThrough(t, bucket, user, file);
  const get = (url: string, user?: TestUser) => getThrough(t, url, user);

  const uploadsDir = () => path.join(t.config.DATA_DIR, 'uploads');
  beforeEach(() => rmSync(uploadsDir(), { recursive: true, force: true }));

  const storedFiles = () => {
    const root = uploadsDir();
    return existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()) : [];
  };
  const expectNothingStored = async () => {
    expect(await t.app.db.select().from(uploads)).toHaveLength(0);
    expect(storedFiles()).toHaveLength(0);
  };

  it('stores a profile picture as WebP without its EXIF data and serves it to anyone with long caching', async () => {
    const customer = await createUser(t, { role: 'customer' });
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();

    const res = await upload('profile-pictures', customer, { data: original, filename: 'me.jpg' });

    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      bucket: 'profile-pictures',
      fileName: expect.stringMatching(/^[0-9a-f-]{36}\.webp$/),
      url: `/api/files/profile-pictures/${body.fileName}`,
    });

    const served = await get(body.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toContain('immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();

    const [row] = await t.app.db.select().from(uploads);
    expect(row).toMatchObject({ bucket: 'profile-pictures', fileName: body.fileName, ownerId: customer.userId });
  });

  it('refuses anonymous uploads with the sign-in message and stores nothing', async () => {
    const res = await upload('profile-pictures', null, { data: await pngImage(), filename: 'a.png' });

    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe(UPLOAD_MESSAGES.mustSignIn);
    await expectNothingStored();
  });

  it.each([
    ['customer', 'food-images'],
    ['driver', 'food-images'],
    ['customer', 'national-ids'],
    ['restaurant', 'driver-licenses'],
    ['manager', 'vehicle-images'],
  ] as const)('refuses a %s uploading to %s', async (role, bucket) => {
    const user = await createUser(t, { role });

    const res = await upload(bucket, user, { data: await pngImage(), filename: 'a.png' });

    expect(res.statusCode).toBe(403);
    await expectNothingStored();
  });

  it('lets a restaurant owner upload food images and a driver upload documents', async () => {
    const owner = await createUser(t, { role: 'restaurant' });
    const driver = await createUser(t, { role: 'driver' });

    expect((await upload('food-images', owner, { data: await pngImage(), filename: 'jollof.png' })).statusCode).toBe(201);
    expect((await upload('driver-licenses', driver, { data: await pngImage(), filename: 'l.png' })).statusCode).toBe(201);
  });

  it('refuses a text file named .png by its content and stores nothing', async () => {
    const customer = await createUser(t, { role: 'customer' });

    const res = await upload('profile-pictures', customer, {
      data: Buffer.from('just some text, not pixels'),
      filename: 'x.png',
    });

    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe(UPLOAD_MESSAGES.notAnImage);
    await expectNothingStored();
  });

  it('refuses an image over 5 MB with the size message and stores nothing', async () => {
    const customer = await createUser(t, { role: 'customer' });
    const png = await pngImage();
    const oversized = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length + 1024, 7)]);

    const res = await upload('profile-pictures', customer, { data: oversized, filename: 'big.png' });

    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({ code: 'payload_too_large', message: UPLOAD_MESSAGES.tooLarge });
    await expectNothingStored();
  });

  it.each([16_000, 20_000])(
    'refuses a small PNG that decodes to %i pixels square from its header, without decoding it',
    async (side) => {
      const customer = await createUser(t, { role: 'customer' });
      const bomb = hugeBlankPng(side);
      expect(bomb.length).toBeLessThan(64 * 1024);
      expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({
        width: side,
        height: side,
        format: 'png',
      });

      const res = await upload('profile-pictures', customer, { data: bomb, filename: 'bomb.png' });

      // Only the header check gives this answer: decoding would have taken a CPU-second and stored
      // it. 20000 x 20000 is past sharp's own limit, which would have called it no image at all.
      expect(res.statusCode).toBe(413);
      expect(res.json().error).toEqual({ code: 'payload_too_large', message: TOO_MANY_PIXELS_MESSAGE });
      await expectNothingStored();
    },
  );

  it('answers an unknown bucket or a missing file part with 400', async () => {
    const customer = await createUser(t, { role: 'customer' });

    const unknown = await upload('secrets', customer, { data: await pngImage(), filename: 'a.png' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('Unknown bucket');

    const form = multipart({ note: 'no file here' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/storage/profile-pictures',
      payload: form.payload,
      headers: { ...form.headers, ...customer.authHeader },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain('Choose an image');
    await expectNothingStored();
  });

  it('answers 404 for files that do not exist', async () => {
    expect((await get('/api/files/profile-pictures/00000000-0000-0000-0000-000000000000.webp')).statusCode).toBe(404);
    expect((await get('/api/files/nope/whatever.webp')).statusCode).toBe(404);
    expect((await get('/api/files/food-images/..%2F..%2Fjwt-secret')).statusCode).toBe(404);
  });

  describe('food pictures in smaller widths', () => {
    const uploadFoodPicture = async (width: number, height: number) => {
      const owner = await createUser(t, { role: 'restaurant' });
      const res = await upload('food-images', owner, { data: await pngImage(width, height), filename: 'jollof.png' });
      expect(res.statusCode).toBe(201);
      return res.json<{ url: string }>().url;
    };

    it.each([360, 720])('serves a 1200 px picture %i px wide as WebP, cached like the original', async (width) => {
      const url = await uploadFoodPicture(1200, 600);
      const original = await get(url);

      const res = await get(`${url}?w=${width}`);

      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['cache-control']).toBe(original.headers['cache-control']);
      expect(res.headers['cache-control']).toContain('immutable');
      expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'webp', width, height: width / 2 });
      expect(res.rawPayload.length).toBeLessThan(original.rawPayload.length);
      expect((await sharp(original.rawPayload).metadata()).width).toBe(1200);
    });

    it('keeps a width once made, answers requests that arrive together with whole pictures, and never scales up', async () => {
      const url = await uploadFoodPicture(1200, 600);

      const together = await Promise.all(Array.from({ length: 4 }, () => get(`${url}?w=360`)));
      for (const res of together) expect((await sharp(res.rawPayload).metadata()).width).toBe(360);
      expect(storedFiles().map((file) => file.name)).toContainEqual(expect.stringMatching(/\.360w\.webp$/));
      expect(storedFiles()).toHaveLength(2);

      const small = await uploadFoodPicture(64, 64);
      expect((await sharp((await get(`${small}?w=720`)).rawPayload).metadata()).width).toBe(64);
    });

    it.each(['500', '1600', '0', 'big'])('refuses width %s with the list of widths and makes nothing', async (width) => {
      const url = await uploadFoodPicture(1200, 600);

      const res = await get(`${url}?w=${width}`);

      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(IMAGE_WIDTH_MESSAGE);
      expect(storedFiles()).toHaveLength(1);
    });

    it('answers 404 for a width of a picture that does not exist', async () => {
      const folder = '00000000-0000-0000-0000-000000000001';
      const res = await get(`/api/files/food-images/${folder}/00000000-0000-0000-0000-000000000000.webp?w=360`);

      expect(res.statusCode).toBe(404);
      expect(storedFiles()).toHaveLength(0);
    });

    it('gives no widths of driver documents, even to their driver with a signed link, nor of profile pictures', async () => {
      const driver = await createUser(t, { role: 'driver' });
      const document = (await upload('national-ids', driver, { data: await pngImage(800, 500), filename: 'id.png' })).json();
      const customer = await createUser(t, { role: 'customer' });
      const avatar = (await upload('profile-pictures', customer, { data: await pngImage(800, 800), filename: 'me.png' })).json();

      expect((await get(`${document.url}?w=360`, driver)).statusCode).toBe(404);
      expect((await get(`${document.signedUrl}&w=360`)).statusCode).toBe(404);
      expect((await get(`${avatar.url}?w=360`)).statusCode).toBe(404);
      expect(storedFiles().map((file) => file.name)).not.toContainEqual(expect.stringMatching(/w\.webp$/));
    });
  });

  describe('driver documents', () => {
    const uploadNationalId = async () => {
      const driver = await createUser(t, { role: 'driver' });
      const res = await upload('national-ids', driver, { data: await pngImage(), filename: 'id.png' });
      expect(res.statusCode).toBe(201);
      return { driver, body: res.json<{ url: string; signedUrl: string }>() };
    };

    it('hides a document from anonymous visitors, other drivers and customers', async () => {
      const { body } = await uploadNationalId();
      const otherDriver = await createUser(t, { role: 'driver' });
      const customer = await createUser(t, { role: 'customer' });

      for (const viewer of [undefined, otherDriver, customer]) {
        const res = await get(body.url, viewer);
        expect(res.statusCode).toBe(404);
        expect(res.rawPayload.subarray(0, 4).toString()).not.toBe('RIFF');
      }
    });

    it('shows a document to the driver who uploaded it and to admins, never cached publicly', async () => {
      const { driver, body } = await uploadNationalId();
      const admin = await createUser(t, { role: 'admin' });

      for (const viewer of [driver, admin]) {
        const res = await get(body.url, viewer);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
    });

    it('shows a document through its signed link, but not through an expired or tampered one', async () => {
      const { body } = await uploadNationalId();
      expect(body.signedUrl).toMatch(new RegExp(`^${body.url}\\?expires=\\d+&sig=`));

      expect((await get(body.signedUrl)).statusCode).toBe(200);

      const expired = signFileUrl(t.config.JWT_SECRET, body.url, Date.now() - 2 * 60 * 60 * 1000);
      expect((await get(expired)).statusCode).toBe(404);

      const tampered = body.signedUrl.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
      expect((await get(tampered)).statusCode).toBe(404);

      const { body: other } = await uploadNationalId();
      const borrowed = `${other.url}${body.signedUrl.slice(body.url.length)}`;
      expect((await get(borrowed)).statusCode).toBe(404);
    });
  });
});

describe('uploads and stored files in an S3-compatible bucket (STORAGE=s3)', () => {
  const bucket = useS3Bucket();
  const t = useTestApp(() => bucket.env);
  const second = useAnotherApp(t, () => bucket.env);
  // A store that fails every request as S3 does when it is in trouble: 500 InternalError.
  const failing = createServer((_req, res) => {
    res.writeHead(500, { 'content-type': 'application/xml' }).end('<Error><Code>InternalError</Code></Error>');
  });
  beforeAll(() => new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve)));
  afterAll(() => failing.close());
  const broken = useAnotherApp(t, () => ({
    ...bucket.env,
    S3_ENDPOINT: `http://127.0.0.1:${(failing.address() as AddressInfo).port}`,
  }));

  it('keeps a food picture and its 360 and 720 px widths side by side in the bucket, and answers 404 once they are removed', async () => {
    const owner = await createUser(t, { role: 'restaurant' });
    const res = await uploadThrough(t, 'food-images', owner, { data: await pngImage(1200, 600), filename: 'jollof.png' });
    expect(res.statusCode).toBe(201);
    const { url, fileName } = res.json<{ url: string; fileName: string }>();
    const name = fileName.replace(/\.webp$/, '');

    const original = await getThrough(t, url);
    expect(original.statusCode).toBe(200);
    expect(await sharp(original.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1200 });
    for (const width of [360, 720]) {
      const scaled = await getThrough(t, `${url}?w=${width}`);
      expect(scaled.statusCode).toBe(200);
      expect(await sharp(scaled.rawPayload).metadata()).toMatchObject({ format: 'webp', width });
    }
    expect(await bucketKeys(bucket)).toEqual([
      `food-images/${name}.360w.webp`,
      `food-images/${name}.720w.webp`,
      `food-images/${name}.webp`,
    ]);
    expect(existsSync(path.join(t.config.DATA_DIR, 'uploads'))).toBe(false);

    await t.app.storage.discard([{ bucket: 'food-images', folder: null, fileName }]);

    expect(await bucketKeys(bucket)).toEqual([]);
    expect((await getThrough(t, url)).statusCode).toBe(404);
    expect((await getThrough(t, `${url}?w=360`)).statusCode).toBe(404);
  });

  it('serves what one instance stored from another on the same database and bucket, a driver document only to its driver', async () => {
    const customer = await createUser(t, { role: 'customer' });
    const driver = await createUser(t, { role: 'driver' });
    const avatar = (await uploadThrough(t, 'profile-pictures', customer, { data: await pngImage(), filename: 'me.png' })).json();
    const document = (await uploadThrough(t, 'national-ids', driver, { data: await pngImage(), filename: 'id.png' })).json();

    const elsewhere = await getThrough(second, avatar.url);
    expect(elsewhere.statusCode).toBe(200);
    expect(elsewhere.rawPayload.equals((await getThrough(t, avatar.url)).rawPayload)).toBe(true);
    expect((await getThrough(second, document.url, driver)).statusCode).toBe(200);
    expect((await getThrough(second, document.url, customer)).statusCode).toBe(404);
    expect((await getThrough(second, document.url)).statusCode).toBe(404);
  });

  it('answers 503, to try again, when the store fails, and keeps no row of a picture it could not store', async () => {
    const customer = await createUser(t, { role: 'customer' });
    const avatar = (await uploadThrough(t, 'profile-pictures', customer, { data: await pngImage(), filename: 'me.png' })).json();
    const rows = async () => (await t.app.db.select().from(uploads)).length;
    const before = await rows();

    const refused = await uploadThrough(broken, 'profile-pictures', customer, { data: await pngImage(), filename: 'me.png' });
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json().error).toMatchObject({
      code: 'unavailable',
      message: 'Pictures cannot be stored or read just now. Please try again in a moment.',
    });
    expect(await rows()).toBe(before);
    expect((await getThrough(broken, avatar.url)).statusCode).toBe(503);
  });
});
