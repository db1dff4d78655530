import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import type { Tx } from '../db/client.js';
import { conflict, forbidden, unprocessable } from '../http/errors.js';
import { isOnTheRoadNow, lockDriver } from './repository.js';

/**
 * Refuses, with the reason, a driver who may not take an order now: unverified (403), offline
 * (422) or with a delivery on the road (409). Their row stays locked until the transaction ends,
 * so every other path that would give them an order waits for this one and then finds them busy:
 * a driver never holds two deliveries.
 */
export async function holdDriverForOrder(tx: Tx, driverId: string): Promise<void> {
  const driver = await lockDriver(tx, driverId);
  if (!driver?.isVerified) throw forbidden(DRIVER_MESSAGES.notVerified);
  if (!driver.isAvailable) throw unprocessable(DRIVER_MESSAGES.offline);
  if (await isOnTheRoadNow(tx, driverId)) throw conflict(DRIVER_MESSAGES.busy);
}
