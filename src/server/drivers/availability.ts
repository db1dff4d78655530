import { eq } from 'drizzle-orm';
import { DRIVER_MESSAGES, type DriverStatus } from '@shared/drivers/schemas.js';
import { topics } from '@shared/realtime/events.js';
import type { AuthUser } from '../core/identity.js';
import type { Queryable } from '../db/client.js';
import { drivers, profiles } from '../db/schema.js';
import { lockDriver } from '../dispatch/repository.js';
import { offerWaitingOrder, type DispatchDeps } from '../dispatch/service.js';
import { forbidden, notFound } from '../http/errors.js';
import { transactionWithEvents } from '../realtime/publish.js';

/**
 * The driver's own row as GET /api/drivers/me shows it. (The tracking branch's drivers
 * repository has the same reader; the two become one at merge.)
 */
async function findDriverStatus(db: Queryable, userId: string): Promise<DriverStatus | undefined> {
  const [row] = await db
    .select({
      userId: drivers.userId,
      fullName: profiles.fullName,
      isVerified: drivers.isVerified,
      isAvailable: drivers.isAvailable,
      latitude: drivers.latitude,
      longitude: drivers.longitude,
      lastLocationUpdate: drivers.lastLocationUpdate,
      vehicleType: drivers.vehicleType,
      vehicleModel: drivers.vehicleModel,
      plateNumber: drivers.plateNumber,
    })
    .from(drivers)
    .innerJoin(profiles, eq(profiles.id, drivers.userId))
    .where(eq(drivers.userId, userId));
  return row && { ...row, lastLocationUpdate: row.lastLocationUpdate?.toISOString() ?? null };
}

/** Sets the driver's availability while their row is locked; the verification it was judged on cannot change meanwhile. */
async function updateAvailability(db: Queryable, userId: string, available: boolean) {
  const row = await lockDriver(db, userId);
  if (!row) return undefined;
  if (available && !row.isVerified) return 'unverified' as const;
  await db.update(drivers).set({ isAvailable: available }).where(eq(drivers.userId, userId));
  return 'updated' as const;
}

/**
 * PATCH /api/drivers/me/availability: a driver goes online or offline. Going offline is always
 * allowed; going online needs a verified account (403 otherwise), and offers them the oldest
 * order waiting near them. Their other tabs hear of it on driver:<id>.
 */
export async function setAvailability(deps: DispatchDeps, driver: AuthUser, available: boolean): Promise<DriverStatus> {
  const outcome = await transactionWithEvents(deps.db, async (tx, raise) => {
    const updated = await updateAvailability(tx, driver.userId, available);
    if (updated === 'updated') raise({ topic: topics.driver(driver.userId), type: 'driver.updated', driverId: driver.userId });
    return updated;
  });
  if (!outcome) throw notFound(DRIVER_MESSAGES.notDriver);
  if (outcome === 'unverified') throw forbidden(DRIVER_MESSAGES.notVerified);
  if (available) await offerWaitingOrder(deps, driver.userId);
  const status = await findDriverStatus(deps.db, driver.userId);
  if (!status) throw notFound(DRIVER_MESSAGES.notDriver);
  return status;
}
