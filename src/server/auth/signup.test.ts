import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, sessionSchema } from '@shared/auth/schemas.js';
import { UPLOAD_MESSAGES } from '@shared/storage/buckets.js';
import { drivers, profiles, uploads, userRoles, users } from '../db/schema.js';
import { useTestApp } from '../test/app.js';
import { multipart, pngImage } from '../test/images.js';

type Files = NonNullable<Parameters<typeof multipart>[1]>;

const person = (role: string, email = `${role}@example.com`) => ({
  fullName: 'Ama Mensah',
  phone: '+233 24 123 4567',
  email,
  password: 'kente-cloth-7',
  role,
});
const vehicle = { vehicleType: 'bike', vehicleYear: 2019, vehicleModel: 'Honda CG 125', plateNumber: 'GR 1234-19' };

describe('POST /api/auth/signup', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: '1' });

  const png = async (color?: string) => ({
    data: await pngImage(48, 48, color),
    filename: 'photo.png',
    contentType: 'image/png',
  });
  const driverFiles = async (): Promise<Files> => ({
    avatar: await png('#111111'),
    driversLicense: await png('#222222'),
    nationalId: await png('#333333'),
    vehicleImage: await png('#444444'),
  });
  const signUp = (fields: Record<string, string | number | undefined>, files: Files = {}) => {
    const body = multipart(fields, files);
    return t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: body.payload, headers: body.headers });
  };
  const uploadsRoot = () => path.join(t.config.DATA_DIR, 'uploads');
  const uploadedFiles = () => {
    if (!existsSync(uploadsRoot())) return [];
    return readdirSync(uploadsRoot(), { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
  };
  beforeEach(() => rmSync(uploadsRoot(), { recursive: true, force: true }));
  const countRows = async () => ({
    users: (await t.app.db.select().from(users)).length,
    profiles: (await t.app.db.select().from(profiles)).length,
    roles: (await t.app.db.select().from(userRoles)).length,
    drivers: (await t.app.db.select().from(drivers)).length,
    uploads: (await t.app.db.select().from(uploads)).length,
  });
  const nothingStored = { users: 0, profiles: 0, roles: 0, drivers: 0, uploads: 0 };

  it('answers multipart the parser cannot read (no boundary, cut short) with 400, not 500', async () => {
    for (const [contentType, payload] of [
      ['multipart/form-data', 'fullName=Ama'],
      ['multipart/form-data; boundary=x', '--x\r\ncontent-disposition: form-data; name="fullName"\r\n\r\nAma'],
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload,
        headers: { 'content-type': contentType },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('bad_request');
    }
  });

  it('creates a customer without a picture and signs them in', async () => {
    const res = await signUp({ ...person('customer'), email: '  Ama@Example.COM ' });
    expect(res.statusCode).toBe(201);
    const session = sessionSchema.parse(res.json());
    expect(session.user).toMatchObject({
      email: 'ama@example.com',
      role: 'customer',
      profile: { fullName: 'Ama Mensah', phone: '+233 24 123 4567', avatarUrl: null },
    });
    expect(decodeJwt(session.accessToken)).toMatchObject({ sub: session.user.id, role: 'customer', ver: 0 });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(me.json()).toEqual(session.user);
  });

  it('makes customer the default role', async () => {
    const { role: _role, ...withoutRole } = person('customer');
    const res = await signUp(withoutRole);
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe('customer');
  });

  it('creates a restaurant owner with a re-encoded profile picture', async () => {
    const res = await signUp(person('restaurant'), { avatar: await png() });
    expect(res.statusCode).toBe(201);
    const { user } = sessionSchema.parse(res.json());
    expect(user.role).toBe('restaurant');
    expect(user.profile.avatarUrl).toMatch(/^\/api\/files\/profile-pictures\/[0-9a-f-]{36}\.webp$/);
    const [upload] = await t.app.db.select().from(uploads);
    expect(upload).toMatchObject({ bucket: 'profile-pictures', ownerId: user.id, contentType: 'image/webp' });
    expect(uploadedFiles().map((f) => f.name)).toEqual([upload!.fileName]);
  });

  it('creates a driver with vehicle, documents and an unverified, unavailable driver row', async () => {
    const res = await signUp({ ...person('driver'), ...vehicle }, await driverFiles());
    expect(res.statusCode).toBe(201);
    const { user } = sessionSchema.parse(res.json());
    expect(user.role).toBe('driver');
    const [driver] = await t.app.db.select().from(drivers).where(eq(drivers.userId, user.id));
    expect(driver).toMatchObject({
      vehicleType: 'bike',
      vehicleYear: 2019,
      vehicleModel: 'Honda CG 125',
      plateNumber: 'GR 1234-19',
      isVerified: false,
      isAvailable: false,
    });
    expect(driver!.driversLicenseUrl).toMatch(/^\/api\/files\/driver-licenses\//);
    expect(driver!.nationalIdUrl).toMatch(/^\/api\/files\/national-ids\//);
    expect(driver!.vehicleImageUrl).toMatch(/^\/api\/files\/vehicle-images\//);
    const buckets = (await t.app.db.select().from(uploads)).map((u) => u.bucket).sort();
    expect(buckets).toEqual(['driver-licenses', 'national-ids', 'profile-pictures', 'vehicle-images']);
    expect(uploadedFiles()).toHaveLength(4);
  });

  it('keeps only the avatar when a customer also sends driver documents', async () => {
    const res = await signUp(person('customer'), await driverFiles());
    expect(res.statusCode).toBe(201);
    expect((await t.app.db.select().from(uploads)).map((u) => u.bucket)).toEqual(['profile-pictures']);
  });

  it.each([
    ['full name', { fullName: '' }, 'Full name is required'],
    ['phone', { phone: undefined }, 'Phone is required'],
    ['phone format', { phone: 'call me' }, 'Please enter a valid phone number'],
    ['email', { email: 'not-an-email' }, 'Please enter a valid email address'],
    ['password length', { password: '12345' }, 'Password must be at least 6 characters'],
  ])('rejects a missing or bad %s with its message', async (_name, change, message) => {
    const res = await signUp({ ...person('customer'), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await countRows()).toEqual(nothingStored);
  });

  it.each(['123456', 'password123', 'Qwerty123'])('refuses the common password %s under the password field', async (password) => {
    const res = await signUp({ ...person('customer'), password });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'bad_request',
      message: MESSAGES.commonPassword,
      fields: { password: MESSAGES.commonPassword },
    });
    expect(await countRows()).toEqual(nothingStored);
  });

  it('refuses roles people may not pick for themselves', async () => {
    const res = await signUp(person('admin'));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toHaveProperty('role');
    expect(await countRows()).toEqual(nothingStored);
  });

  it.each(['restaurant', 'driver'])('asks a %s for a profile picture', async (role) => {
    const { avatar: _avatar, ...documents } = await driverFiles();
    const res = await signUp({ ...person(role), ...vehicle }, documents);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.profilePictureRequired);
    expect(await countRows()).toEqual(nothingStored);
  });

  it.each([
    ['vehicle type', { vehicleType: undefined }],
    ['unknown vehicle type', { vehicleType: 'truck' }],
    ['vehicle year', { vehicleYear: undefined }],
    ['vehicle model', { vehicleModel: '' }],
    ['plate number', { plateNumber: '  ' }],
  ])('asks a driver for the %s', async (_name, change) => {
    const res = await signUp({ ...person('driver'), ...vehicle, ...change }, await driverFiles());
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.vehicleRequired);
    expect(await countRows()).toEqual(nothingStored);
  });

  it.each([1989, new Date().getFullYear() + 1])('refuses vehicle year %i', async (year) => {
    const res = await signUp({ ...person('driver'), ...vehicle, vehicleYear: year }, await driverFiles());
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Vehicle year must be between 1990 and the current year');
  });

  it.each(['driversLicense', 'nationalId', 'vehicleImage'])('asks a driver for the missing %s', async (missing) => {
    const files = await driverFiles();
    delete files[missing];
    const res = await signUp({ ...person('driver'), ...vehicle }, files);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.documentsRequired);
    expect(await countRows()).toEqual(nothingStored);
  });

  it('treats an empty file part (a blank file input) as missing', async () => {
    const res = await signUp(person('restaurant'), { avatar: { data: Buffer.alloc(0), filename: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MESSAGES.profilePictureRequired);
  });

  it('leaves no account, row or file when a driver document is a text file named .png', async () => {
    const files = await driverFiles();
    files.nationalId = {
      data: Buffer.from('this is not an image at all\n'.repeat(20)),
      filename: 'id.png',
      contentType: 'image/png',
    };
    const res = await signUp({ ...person('driver'), ...vehicle }, files);
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe(UPLOAD_MESSAGES.notAnImage);
    // Named under the form's field it came from.
    expect(res.json().error.fields).toEqual({ nationalId: UPLOAD_MESSAGES.notAnImage });
    expect(await countRows()).toEqual(nothingStored);
    expect(uploadedFiles()).toEqual([]);
  });

  it('removes files already written when the transaction fails after saving them', async () => {
    await signUp(person('customer', 'first@example.com'));
    // The database refuses this plate only when the drivers row is written: after all four files were saved.
    await t.app.db.execute(sql.raw("ALTER TABLE drivers ADD CONSTRAINT test_reject_plate CHECK (plate_number <> 'REJECT-ME')"));
    try {
      const res = await signUp({ ...person('driver'), ...vehicle, plateNumber: 'REJECT-ME' }, await driverFiles());
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('bad_request');
      expect(await countRows()).toEqual({ users: 1, profiles: 1, roles: 1, drivers: 0, uploads: 0 });
      expect(uploadedFiles()).toEqual([]);
    } finally {
      await t.app.db.execute(sql.raw('ALTER TABLE drivers DROP CONSTRAINT test_reject_plate'));
    }
  });

  it('refuses a picture over 5 MB with a clear message', async () => {
    const big = {
      data: Buffer.concat([await pngImage(), Buffer.alloc(5 * 1024 * 1024)]),
      filename: 'big.png',
      contentType: 'image/png',
    };
    const res = await signUp(person('restaurant'), { avatar: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(UPLOAD_MESSAGES.tooLarge);
    expect(res.json().error.fields).toEqual({ avatar: UPLOAD_MESSAGES.tooLarge });
    expect(await countRows()).toEqual(nothingStored);
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    expect((await signUp(person('customer', 'kofi@example.com'))).statusCode).toBe(201);
    const res = await signUp(person('restaurant', 'KOFI@example.com'), { avatar: await png() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'conflict',
      message: MESSAGES.emailTaken,
      fields: { email: MESSAGES.emailTaken },
    });
    expect((await countRows()).users).toBe(1);
    expect(uploadedFiles()).toEqual([]);
  });

  it('gives exactly one account when the same email signs up twice at once', async () => {
    const results = await Promise.all([
      signUp(person('customer', 'twice@example.com')),
      signUp(person('customer', 'twice@example.com')),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await countRows()).toMatchObject({ users: 1, profiles: 1, roles: 1 });
  });

  it('answers a JSON body with a 400 asking for multipart', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: person('customer') });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/multipart/);
  });

  it('refuses an unexpected file field', async () => {
    const res = await signUp(person('customer'), { passport: await png() });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Unexpected file field "passport"');
    expect(await countRows()).toEqual(nothingStored);
  });
});
