import { DRIVER_MESSAGES, type DriverStatus } from '@shared/drivers/schemas.js';
import { topics } from '@shared/realtime/events.js';
import type { AuthUser } from '../core/identity.js';
import type { Queryable } from '../db/client.js';
import { lockDriver } from '../dispatch/repository.js';
import { withdrawOfferOf } from '../dispatch/offers.js';
import type { DispatchDeps } from '../dispatch/service.js';
import { forbidden, notFound } from '../http/errors.js';
import { transactionWithEvents } from '../realtime/publish.js';
import { updateAvailable } from './repository.js';
import { getDriverStatus } from './status.js';

/**
 * Sets the driver's availability while their row is locked; the verification it was judged on
 * cannot change meanwhile. 'online' when a driver who was not available now is.
 */
async function updateAvailability(db: Queryable, userId: string, available: boolean) {
  const row = await lockDriver(db, userId);
  if (!row) return undefined;
  if (available && !row.isVerified) return 'unverified' as const;
  await updateAvailable(db, userId, available);
  return available && !row.isAvailable ? ('online' as const) : ('updated' as const);
}

/**
 * PATCH /api/drivers/me/availability: a driver goes online or offline. Going offline is always
 * allowed, and an offer they hold goes to the next driver; going online needs a verified account
 * (403 otherwise), and a driver coming online is queued the offer of the nearest order waiting
 * within the radius (the `offer-rider` job, in the same transaction: an instance dying after the
 * commit loses no offer). Either way the count of offers they missed starts again. Their other
 * tabs hear of it on driver:<id>, the admins' operations view on operations.
 */
export async function setAvailability(deps: DispatchDeps, driver: AuthUser, available: boolean): Promise<DriverStatus> {
  const outcome = await transactionWithEvents(deps.db, async (tx, raise) => {
    const updated = await updateAvailability(tx, driver.userId, available);
    if (updated === undefined || updated === 'unverified') return updated;
    for (const topic of [topics.driver(driver.userId), topics.operations()]) {
      raise({ topic, type: 'driver.updated', driverId: driver.userId });
    }
    if (!available) await withdrawOfferOf(tx, deps, raise, driver.userId);
    // Only on coming online: a rider already online was offered then, and is offered by dispatch
    // since; one sending 'online' again and again would queue job after job before other riders'.
    if (updated === 'online') await deps.jobs.send(tx, 'offer-rider', { driverId: driver.userId });
    return updated;
  });
  if (!outcome) throw notFound(DRIVER_MESSAGES.notDriver);
  if (outcome === 'unverified') throw forbidden(DRIVER_MESSAGES.notVerified);
  return getDriverStatus(deps.db, driver);
}
