import { eq, sql } from 'drizzle-orm';
import type { DriverPosition } from '@shared/drivers/schemas.js';
import { drivers } from '../db/schema.js';
import { createUser, type TestUser } from '../test/accounts.js';
import type { TestContext } from '../test/app.js';

/** Test data for dispatch: drivers placed around the test restaurant (testFixtures.ts puts it in Osu, Accra). */

const RESTAURANT_PLACE: DriverPosition = { latitude: 5.556, longitude: -0.1826 };

/** The point `km` kilometres north of `from` (a degree of latitude is about 111.2 km). */
export const northOf = (km: number, from: DriverPosition = RESTAURANT_PLACE): DriverPosition => ({
  latitude: from.latitude + km / 111.2,
  longitude: from.longitude,
});

export interface PlacedDriverOptions {
  verified?: boolean;
  available?: boolean;
  /** How long ago the position was sent; fresh by default. */
  positionAgeMs?: number;
  fullName?: string;
}

/** A signed-in driver whose last position is `place`, verified and online unless told otherwise. */
export async function driverAt(t: TestContext, place: DriverPosition, options: PlacedDriverOptions = {}): Promise<TestUser> {
  const verified = options.verified ?? true;
  const driver = await createUser(t, {
    role: 'driver',
    verifiedDriver: verified,
    available: options.available ?? verified,
    ...(options.fullName ? { fullName: options.fullName } : {}),
  });
  await t.app.db
    .update(drivers)
    .set({
      latitude: place.latitude,
      longitude: place.longitude,
      lastLocationUpdate: sql`now() - ${options.positionAgeMs ?? 0}::float8 * interval '1 millisecond'`,
    })
    .where(eq(drivers.userId, driver.userId));
  return driver;
}
