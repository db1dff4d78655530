import { DRIVER_MESSAGES, type DriverStatus } from '@shared/drivers/schemas.js';

/**
 * Why this driver cannot accept an order now, or null when they can: the server's own rules
 * (verified, available, no other active delivery), said before they tap rather than after.
 */
export function acceptBlocker(status: Pick<DriverStatus, 'isVerified' | 'isAvailable'>, activeDeliveries: number): string | null {
  if (!status.isVerified) return DRIVER_MESSAGES.waitingVerification;
  if (activeDeliveries > 0) return DRIVER_MESSAGES.busy;
  if (!status.isAvailable) return DRIVER_MESSAGES.offline;
  return null;
}
