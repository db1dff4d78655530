import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { CLOSURE_MESSAGES } from '@shared/orders/closures.js';
import type { Tx } from '../db/client.js';
import { conflict, forbidden, notFound, unprocessable } from '../http/errors.js';
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

/**
 * Holds the driver support gives an order to (orders/reassign.ts), with the reason when they may
 * not have it: unknown (404), unverified or disabled (422), or with a delivery on the road (409).
 * Online or not does not matter: support has spoken with them. Their row stays locked until the
 * transaction ends, as holdDriverForOrder's does, so no other path gives them a second delivery.
 */
export async function holdDriverForAssignment(tx: Tx, driverId: string): Promise<void> {
  const driver = await lockDriver(tx, driverId);
  if (!driver) throw notFound(CLOSURE_MESSAGES.driverNotFound);
  if (!driver.isVerified || driver.disabled) throw unprocessable(CLOSURE_MESSAGES.driverNotEligible);
  if (await isOnTheRoadNow(tx, driverId)) throw conflict(CLOSURE_MESSAGES.driverBusy);
}
