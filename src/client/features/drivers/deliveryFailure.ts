import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { ApiError, errorMessage } from '@/lib/apiError.js';

export interface DeliveryFailure {
  title: string;
  description: string;
  /** A wrong code or a dropped connection leaves the dialog open to try again; a locked or moved order closes it. */
  keepOpen: boolean;
}

/** A wrong code the rider may try again after: any but the one that locked the delivery. */
const WRONG_CODE = new Set<string>([DRIVER_MESSAGES.invalidCode, DRIVER_MESSAGES.invalidCodeLastTry]);

/** The toast for a 'Verify & Complete' that failed, and whether the code dialog stays open. */
export function deliveryFailure(error: unknown): DeliveryFailure {
  if (error instanceof ApiError && WRONG_CODE.has(error.message)) {
    return { title: DRIVER_MESSAGES.invalidCodeTitle, description: error.message, keepOpen: true };
  }
  const settled = error instanceof ApiError && (error.status === 409 || error.status === 423);
  return {
    title: DRIVER_MESSAGES.completeFailed,
    description: errorMessage(error, 'Please try again.'),
    keepOpen: !settled,
  };
}
