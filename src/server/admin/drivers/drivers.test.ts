import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_DRIVER_MESSAGES,
  adminDriverPageSchema,
  adminDriverViewSchema,
  type AdminDriverView,
} from '@shared/admin/drivers.js';
import { drivers } from '../../db/schema.js';
import { createUser, type TestUser } from '../../test/accounts.js';
import { useTestApp } from '../../test/app.js';
import { multipart, pngImage } from '../../test/images.js';

describe('Driver Management API', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: '1' });

  const list = async (admin: TestUser, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/drivers${query}`, headers: admin.authHeader });
    expect(res.statusCode, res.body).toBe(200);
    return adminDriverPageSchema.parse(res.json());
  };
  const namesOf = (page: { items: AdminDriverView[] }) => page.items.map((driver) => driver.fullName);
  const patchVerified = (admin: TestUser, driverId: string, verified: boolean) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/admin/drivers/${driverId}/verified`,
      headers: admin.authHeader,
      payload: { verified },
    });
  const rowOf = async (driverId: string) => (await t.app.db.select().from(drivers).where(eq(drivers.userId, driverId)))[0];

  it('lets only admins in: 401 without a session, 403 for every other role', async () => {
    const driver = await createUser(t, { role: 'driver' });
    const requests = [
      { method: 'GET' as const, url: '/api/admin/drivers' },
      { method: 'PATCH' as const, url: `/api/admin/drivers/${driver.userId}/verified`, payload: { verified: true } },
    ];
    const callers = await Promise.all(
      (['customer', 'restaurant', 'manager', 'driver'] as const).map((role) => createUser(t, { role, verifiedDriver: true })),
    );
    for (const request of requests) {
      expect((await t.app.inject(request)).statusCode).toBe(401);
      for (const caller of callers) expect((await t.app.inject({ ...request, headers: caller.authHeader })).statusCode).toBe(403);
    }
    expect((await rowOf(driver.userId))?.isVerified).toBe(false);
  });

  it('lists drivers newest first with vehicle, position, state and their documents behind signed links', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const kofi = await createUser(t, {
      role: 'driver',
      fullName: 'Kofi Asante',
      phone: '+233 24 000 1111',
      verifiedDriver: true,
    });
    await createUser(t, { role: 'driver', fullName: 'Esi Mensah' });
    await createUser(t, { role: 'customer', fullName: 'Not A Driver' });
    await t.app.db
      .update(drivers)
      .set({ latitude: 5.603716, longitude: -0.186964, lastLocationUpdate: new Date() })
      .where(eq(drivers.userId, kofi.userId));

    // Kofi's licence is a real upload: the signed link opens it for anyone holding it, the bare URL does not.
    const form = multipart({}, { file: { data: await pngImage(), filename: 'licence.png', contentType: 'image/png' } });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/storage/driver-licenses',
      payload: form.payload,
      headers: { ...form.headers, ...kofi.authHeader },
    });
    expect(upload.statusCode).toBe(201);
    await t.app.db.update(drivers).set({ driversLicenseUrl: upload.json().url }).where(eq(drivers.userId, kofi.userId));

    const page = await list(admin);
    expect(namesOf(page)).toEqual(['Esi Mensah', 'Kofi Asante']);
    const shown = page.items[1]!;
    expect(shown).toMatchObject({
      userId: kofi.userId,
      fullName: 'Kofi Asante',
      phone: '+233 24 000 1111',
      isVerified: true,
      isAvailable: true,
      vehicleType: 'bike',
      vehicleModel: 'Honda CG 125',
      latitude: 5.603716,
      longitude: -0.186964,
    });
    expect(page.items[0]).toMatchObject({ isVerified: false, isAvailable: false, latitude: null, longitude: null });
    expect(shown.documents.driversLicense).toMatch(new RegExp(`^${upload.json().url}\\?expires=\\d+&sig=`));
    expect(shown.documents.nationalId).toMatch(/^\/api\/files\/national-ids\/.+\?expires=\d+&sig=/);
    expect(shown.documents.vehicleImage).toMatch(/^\/api\/files\/vehicle-images\/.+\?expires=\d+&sig=/);
    expect((await t.app.inject({ method: 'GET', url: shown.documents.driversLicense })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: upload.json().url })).statusCode).toBe(404);
  });

  it('finds drivers by name or plate in any letter case, on the server', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const kofi = await createUser(t, { role: 'driver', fullName: 'Kofi Asante' });
    const esi = await createUser(t, { role: 'driver', fullName: 'Esi Mensah' });
    await createUser(t, { role: 'customer', fullName: 'Kofi Customer' });
    await t.app.db.update(drivers).set({ plateNumber: 'GR-2041-24' }).where(eq(drivers.userId, kofi.userId));
    await t.app.db.update(drivers).set({ plateNumber: 'AS_77-19' }).where(eq(drivers.userId, esi.userId));

    expect(namesOf(await list(admin, '?q=kOFI%20as'))).toEqual(['Kofi Asante']);
    expect(namesOf(await list(admin, '?q=kofi'))).toEqual(['Kofi Asante']);
    expect(namesOf(await list(admin, '?q=gr-2041'))).toEqual(['Kofi Asante']);
    expect(namesOf(await list(admin, '?q=mensah'))).toEqual(['Esi Mensah']);
    expect(namesOf(await list(admin, '?q=s_7'))).toEqual(['Esi Mensah']);
    expect(namesOf(await list(admin, '?q=ES'))).toEqual(['Esi Mensah']);
    expect(namesOf(await list(admin, '?q=24'))).toEqual(['Kofi Asante']);
    expect((await list(admin, '?q=zzz')).items).toEqual([]);
  });

  it('pages newest first without repeating or skipping a driver', async () => {
    const admin = await createUser(t, { role: 'admin' });
    for (let i = 0; i < 5; i++) await createUser(t, { role: 'driver', fullName: `Rider ${i}` });
    for (const query of ['', '&q=RIDER']) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const page = await list(admin, `?limit=2${query}${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.items.map((driver) => driver.userId));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toHaveLength(5);
      expect(new Set(seen).size).toBe(5);
    }
  });

  it('unverifying an available driver takes them offline and refuses their token; verifying them again leaves them offline', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const driver = await createUser(t, { role: 'driver', verifiedDriver: true });
    const feed = () => t.app.inject({ method: 'GET', url: '/api/orders/available', headers: driver.authHeader });
    expect((await feed()).statusCode).toBe(200);

    const off = await patchVerified(admin, driver.userId, false);
    expect(off.statusCode).toBe(200);
    expect(adminDriverViewSchema.parse(off.json())).toMatchObject({
      userId: driver.userId,
      isVerified: false,
      isAvailable: false,
    });
    expect(await rowOf(driver.userId)).toMatchObject({ isVerified: false, isAvailable: false });
    await expect.poll(async () => (await feed()).statusCode).toBe(401);

    const on = await patchVerified(admin, driver.userId, true);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ isVerified: true, isAvailable: false });
    expect(await rowOf(driver.userId)).toMatchObject({ isVerified: true, isAvailable: false });
  });

  it('answers 404 for someone who is not a driver and 400 for bad input', async () => {
    const admin = await createUser(t, { role: 'admin' });
    const customer = await createUser(t, { role: 'customer' });
    const res = await patchVerified(admin, customer.userId, true);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe(ADMIN_DRIVER_MESSAGES.notFound);
    expect((await patchVerified(admin, 'nope', true)).statusCode).toBe(400);
    const noFlag = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/drivers/${customer.userId}/verified`,
      headers: admin.authHeader,
      payload: { verified: 'yes' },
    });
    expect(noFlag.statusCode).toBe(400);
    for (const query of ['?limit=100', '?cursor=1_2', `?q=${'y'.repeat(101)}`]) {
      const listed = await t.app.inject({ method: 'GET', url: `/api/admin/drivers${query}`, headers: admin.authHeader });
      expect(listed.statusCode, query).toBe(400);
    }
  });
});
