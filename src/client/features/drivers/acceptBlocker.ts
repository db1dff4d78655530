import { CARRY_MESSAGES, carryRefusal } from '@shared/drivers/batching.js';
import { DRIVER_MESSAGES, type DriverStatus } from '@shared/drivers/schemas.js';
import type { AvailableOrderView, DeliveryView } from '@shared/orders/views.js';

type Carried = Pick<DeliveryView, 'status' | 'restaurantLatitude' | 'restaurantLongitude'>;

/**
 * Why this driver cannot accept an order now, or null when they can: the server's own rules
 * (verified, room for one more by the batching rule, available), said before they tap rather than
 * after. An unavailable driver who is `online` (sharing their location) is told of the switch, not
 * to go online.
 */
export function acceptBlocker(
  status: Pick<DriverStatus, 'isVerified' | 'isAvailable' | 'maxCarriedOrders'>,
  carried: readonly Carried[],
  online: boolean,
): string | null {
  if (!status.isVerified) return DRIVER_MESSAGES.waitingVerification;
  const refusal = carryRefusal(carried, status.maxCarriedOrders);
  if (refusal) return CARRY_MESSAGES[refusal];
  if (!status.isAvailable) return online ? DRIVER_MESSAGES.unavailable : DRIVER_MESSAGES.offline;
  return null;
}

/** Why this one order cannot join what the driver carries (its restaurant is too far from theirs), or null. */
export function orderBlocker(
  carried: readonly Carried[],
  maxCarried: number,
  order: Pick<AvailableOrderView, 'restaurantLatitude' | 'restaurantLongitude'>,
): string | null {
  const refusal = carryRefusal(carried, maxCarried, order);
  return refusal ? CARRY_MESSAGES[refusal] : null;
}
