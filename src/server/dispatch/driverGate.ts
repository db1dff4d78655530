import { CARRY_MESSAGES, type CarryRefusal } from '@shared/drivers/batching.js';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { CLOSURE_MESSAGES } from '@shared/orders/closures.js';
import type { Tx } from '../db/client.js';
import { conflict, forbidden, notFound, unprocessable } from '../http/errors.js';
import { carryRefusalNow } from './batchingRepository.js';
import { lockDriver } from './repository.js';

/** What support is told when the driver they chose may not carry the order. */
const ASSIGNMENT_REFUSALS: Record<CarryRefusal, string> = {
  busy: CLOSURE_MESSAGES.driverBusy,
  full: CLOSURE_MESSAGES.driverFull,
  tooFar: CLOSURE_MESSAGES.driverTooFar,
};

/**
 * Refuses, with the reason, a driver who may not take the order now: unverified (403), offline
 * (422), or who may not carry it with what they carry (409, batching: one picked up, as many as
 * the setting allows, or a restaurant too far from theirs). Their row stays locked until the
 * transaction ends, so every other path that would give them an order waits for this one and then
 * counts this order too: a driver never carries more than the rule allows.
 */
export async function holdDriverForOrder(tx: Tx, driverId: string, orderId: string): Promise<void> {
  const driver = await lockDriver(tx, driverId);
  if (!driver?.isVerified) throw forbidden(DRIVER_MESSAGES.notVerified);
  if (!driver.isAvailable) throw unprocessable(DRIVER_MESSAGES.offline);
  const refusal = await carryRefusalNow(tx, driverId, orderId);
  if (refusal) throw conflict(CARRY_MESSAGES[refusal]);
}

/**
 * Holds the driver support gives an order to (orders/reassign.ts), with the reason when they may
 * not have it: unknown (404), unverified or disabled (422), or who may not carry it with what they
 * carry (409, the batching rule). Online or not does not matter: support has spoken with them.
 * Their row stays locked until the transaction ends, as holdDriverForOrder's does.
 */
export async function holdDriverForAssignment(tx: Tx, driverId: string, orderId: string): Promise<void> {
  const driver = await lockDriver(tx, driverId);
  if (!driver) throw notFound(CLOSURE_MESSAGES.driverNotFound);
  if (!driver.isVerified || driver.disabled) throw unprocessable(CLOSURE_MESSAGES.driverNotEligible);
  const refusal = await carryRefusalNow(tx, driverId, orderId);
  if (refusal) throw conflict(ASSIGNMENT_REFUSALS[refusal]);
}
