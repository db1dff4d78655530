import { DRIVER_MESSAGES, type DriverStatus } from '@shared/drivers/schemas.js';
import type { Queryable } from '../db/client.js';
import { forbidden } from '../http/errors.js';
import type { AuthUser } from '../core/identity.js';
import { keepsDriverRow } from '../policy.js';
import { findDriverStatusRow } from './repository.js';

/** The driver's own row (GET /api/drivers/me): verification, availability, last position, vehicle. */
export async function getDriverStatus(db: Queryable, driver: AuthUser): Promise<DriverStatus> {
  const row = keepsDriverRow(driver) ? await findDriverStatusRow(db, driver.userId) : undefined;
  if (!row) throw forbidden(DRIVER_MESSAGES.notDriver);
  return { ...row, lastLocationUpdate: row.lastLocationUpdate?.toISOString() ?? null };
}
