import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idCheckResultSchema } from '@shared/verification/schemas.js';
import { driverIdChecks, drivers, profiles } from '../db/schema.js';
import { createUser, type TestUser } from '../test/accounts.js';
import { useTestApp } from '../test/app.js';
import { multipart, pngImage } from '../test/images.js';
import { ID_CHECK_REASONS } from './judge.js';
import { startIdCheck } from './repository.js';
import { ID_CHECK_REFUSALS } from './service.js';
import { assertFontsRender, facePhoto, idCard } from './testIdCards.js';

/**
 * POST /api/admin/drivers/:id/verify-id through the real route: drivers sign up with a national
 * ID card drawn for the test and a profile picture, both stored as uploads on disk, and the
 * worker thread reads and compares them. The worker loads its models once for the whole file.
 */
describe('POST /api/admin/drivers/:id/verify-id', () => {
  const t = useTestApp({ RATE_LIMIT_DISABLED: '1' });
  const PROFILE_NAME = 'Ama Serwa Mensah';
  let admin: TestUser;
  const images = {} as Record<'card' | 'otherNameCard' | 'samePerson' | 'someoneElse' | 'filler', Buffer>;

  beforeAll(async () => {
    await assertFontsRender();
    // The card spells the name in another order, with one more letter; the profile picture is the
    // card's face cut and compressed differently.
    images.card = await idCard({ name: 'MENSAH Ama Serwaa', face: 'driver' });
    images.otherNameCard = await idCard({ name: 'Kofi Boateng', face: 'driver' });
    images.samePerson = await facePhoto('driver', 400, 70);
    images.someoneElse = await facePhoto('someoneElse');
    images.filler = await pngImage(64, 64, '#4a4e69');
  });

  const file = (data: Buffer, filename: string) => ({
    data,
    filename,
    contentType: filename.endsWith('.png') ? 'image/png' : 'image/jpeg',
  });

  /** A driver signed up through the API with these documents, as a new driver would. */
  async function signUpDriver(nationalId: Buffer, picture: Buffer, fullName = PROFILE_NAME): Promise<string> {
    const form = multipart(
      {
        fullName,
        phone: '+233 24 123 4567',
        email: `driver-${randomUUID()}@test.local`,
        password: 'kente-cloth-7',
        role: 'driver',
        vehicleType: 'bike',
        vehicleYear: 2019,
        vehicleModel: 'Honda CG 125',
        plateNumber: 'GR 1234-19',
      },
      {
        avatar: file(picture, 'me.jpg'),
        driversLicense: file(images.filler, 'licence.png'),
        nationalId: file(nationalId, 'national-id.png'),
        vehicleImage: file(images.filler, 'bike.png'),
      },
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: form.payload, headers: form.headers });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().user.id;
  }

  const verify = (driverId: string, caller: TestUser = admin) =>
    t.app.inject({ method: 'POST', url: `/api/admin/drivers/${driverId}/verify-id`, headers: caller.authHeader });
  const isVerified = async (driverId: string) =>
    (await t.app.db.select({ v: drivers.isVerified }).from(drivers).where(eq(drivers.userId, driverId)))[0]?.v;
  const checksOf = (driverId: string) => t.app.db.select().from(driverIdChecks).where(eq(driverIdChecks.driverId, driverId));

  // After useTestApp's own beforeEach, which empties the tables.
  beforeEach(async () => {
    admin = await createUser(t, { role: 'admin' });
  });

  it('verifies a driver whose ID card shows their name and their face, and records who ran it', async () => {
    const driverId = await signUpDriver(images.card, images.samePerson);

    const res = await verify(driverId);
    expect(res.statusCode, res.body).toBe(200);
    const result = idCheckResultSchema.parse(res.json());
    expect(result).toMatchObject({ verified: true, reason: ID_CHECK_REASONS.passed });
    expect(result.extractedName?.toLowerCase()).toBe('mensah ama serwaa');
    expect(result.confidence).toBeGreaterThan(85);
    expect(await isVerified(driverId)).toBe(true);

    const [check] = await checksOf(driverId);
    expect(check).toMatchObject({ status: 'finished', verified: true, runBy: admin.userId, confidence: result.confidence });
    expect(check!.faceDistance).toBeLessThan(0.4);
    expect(check!.nameSimilarity).toBeGreaterThan(0.8);
    expect(check!.durationMs).toBeGreaterThan(0);
    expect(Date.now() - check!.runAt.getTime()).toBeLessThan(60_000);

    // Verified now: a second check is refused before any analysis.
    const again = await verify(driverId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ID_CHECK_REFUSALS.alreadyVerified);
  });

  it('refuses a card that names someone else, and leaves the driver unverified', async () => {
    const driverId = await signUpDriver(images.otherNameCard, images.samePerson);

    const res = await verify(driverId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ verified: false, reason: ID_CHECK_REASONS.nameMismatch, extractedName: 'Kofi Boateng' });
    expect(res.json().confidence).toBeLessThan(70);
    expect(await isVerified(driverId)).toBe(false);
    expect(await checksOf(driverId)).toMatchObject([
      { status: 'finished', verified: false, reason: ID_CHECK_REASONS.nameMismatch },
    ]);

    // The verification list shows the verdict on the driver's card after a reload too.
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/verification/drivers', headers: admin.authHeader });
    expect(list.json().items.find((item: { userId: string }) => item.userId === driverId).lastCheck).toEqual(res.json());
  });

  it('refuses a profile picture of another person, and runs one check of a driver at a time', async () => {
    const driverId = await signUpDriver(images.card, images.someoneElse);

    // Two admins press the button at once: one check runs, the other is refused.
    const [first, second] = await Promise.all([verify(driverId), verify(driverId)]);
    const [done, refused] = first.statusCode === 200 ? [first, second] : [second, first];
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ verified: false, reason: ID_CHECK_REASONS.faceMismatch });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(ID_CHECK_REFUSALS.running);

    const [check] = await checksOf(driverId);
    expect(check!.faceDistance).toBeGreaterThan(0.6);
    expect(await isVerified(driverId)).toBe(false);
  });

  it('says so when the card shows no face', async () => {
    const driverId = await signUpDriver(await idCard({ name: PROFILE_NAME, face: null }), images.samePerson);
    const res = await verify(driverId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ verified: false, reason: ID_CHECK_REASONS.noFaceOnId, extractedName: PROFILE_NAME });
  });

  it('answers a check past its time limit with a Verification Error, then runs the next one in a fresh worker', async () => {
    const driverId = await signUpDriver(images.card, images.samePerson);
    const limit = t.app.config.ID_CHECK_TIMEOUT_SECONDS;
    t.app.config.ID_CHECK_TIMEOUT_SECONDS = 0.001;
    try {
      const res = await verify(driverId);
      expect(res.statusCode).toBe(504);
      expect(res.json().error).toEqual({
        code: 'internal',
        message: 'The ID check took longer than 0.001 s and was stopped. Please try again.',
      });
    } finally {
      t.app.config.ID_CHECK_TIMEOUT_SECONDS = limit;
    }
    expect(await checksOf(driverId)).toMatchObject([{ status: 'error', verified: null }]);
    expect(await isVerified(driverId)).toBe(false);

    const retry = await verify(driverId);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().verified).toBe(true);
  });

  it('refuses at once an unknown driver, a driver without a profile picture or national ID image, and non-admins', async () => {
    // createUser's drivers have no profile picture and document links with no file behind them.
    const bare = await createUser(t, { role: 'driver' });
    const customer = await createUser(t, { role: 'customer' });

    expect((await verify(randomUUID())).statusCode).toBe(404);
    expect((await verify(customer.userId)).statusCode).toBe(404);
    const noDocuments = await verify(bare.userId);
    expect(noDocuments.statusCode).toBe(422);
    expect(noDocuments.json().error.message).toBe(ID_CHECK_REFUSALS.noNationalId);
    expect((await verify(bare.userId, bare)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/drivers/${bare.userId}/verify-id` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/drivers/not-a-uuid/verify-id', headers: admin.authHeader }))
        .statusCode,
    ).toBe(400);
    // An id in upper case names the same driver.
    expect((await verify(bare.userId.toUpperCase())).statusCode).toBe(422);
    expect(await checksOf(bare.userId)).toEqual([]);
  });

  it('refuses a driver whose profile picture is missing, even with a national ID image', async () => {
    const driverId = await signUpDriver(images.card, images.samePerson);
    await t.app.db.update(profiles).set({ avatarUrl: null }).where(eq(profiles.id, driverId));
    const res = await verify(driverId);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toBe(ID_CHECK_REFUSALS.noPicture);
  });

  it('lets a new check replace one left running by a process that stopped', async () => {
    const driver = await createUser(t, { role: 'driver' });
    const first = await startIdCheck(t.app.db, driver.userId, admin.userId, 60_000);
    expect(first).not.toBeNull();
    expect(await startIdCheck(t.app.db, driver.userId, admin.userId, 60_000)).toBeNull();
    // Once the running check is older than the limit it is closed as abandoned.
    await t.app.db
      .update(driverIdChecks)
      .set({ runAt: new Date(Date.now() - 120_000) })
      .where(eq(driverIdChecks.id, first!));
    const second = await startIdCheck(t.app.db, driver.userId, admin.userId, 60_000);
    expect(second).not.toBeNull();
    expect(await checksOf(driver.userId)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: first, status: 'error' }),
        expect.objectContaining({ id: second, status: 'running' }),
      ]),
    );
  });
});
