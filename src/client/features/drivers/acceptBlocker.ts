import { DRIVER_MESSAGES, type DriverStatus } from '@shared/drivers/schemas.js';

/**
 * Why this driver cannot accept an order now, or null when they can: the server's own rules
 * (verified, available, no other active delivery), said before they tap rather than after. An
 * unavailable driver who is `online` (sharing their location) is told of the switch, not to go online.
 */
export function acceptBlocker(
  status: Pick<DriverStatus, 'isVerified' | 'isAvailable'>,
  activeDeliveries: number,
  online: boolean,
): string | null {
  if (!status.isVerified) return DRIVER_MESSAGES.waitingVerification;
  if (activeDeliveries > 0) return DRIVER_MESSAGES.busy;
  if (!status.isAvailable) return online ? DRIVER_MESSAGES.unavailable : DRIVER_MESSAGES.offline;
  return null;
}
