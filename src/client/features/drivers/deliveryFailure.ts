import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { ApiError, errorMessage } from '@/lib/apiError.js';

export interface DeliveryFailure {
  title: string;
  description: string;
  /** A wrong code or a dropped connection leaves the dialog open to try again; a locked or moved order closes it. */
  keepOpen: boolean;
}

/** The toast for a 'Verify & Complete' that failed, and whether the code dialog stays open. */
export function deliveryFailure(error: unknown): DeliveryFailure {
  if (error instanceof ApiError && error.message === DRIVER_MESSAGES.invalidCode) {
    return { title: DRIVER_MESSAGES.invalidCodeTitle, description: DRIVER_MESSAGES.invalidCode, keepOpen: true };
  }
  const settled = error instanceof ApiError && (error.status === 409 || error.status === 423);
  return {
    title: DRIVER_MESSAGES.completeFailed,
    description: errorMessage(error, 'Please try again.'),
    keepOpen: !settled,
  };
}
