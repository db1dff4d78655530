import { describe, expect, it } from 'vitest';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { ApiError, NETWORK_MESSAGE } from '@/lib/apiError.js';
import { deliveryFailure } from './deliveryFailure.js';

describe('deliveryFailure', () => {
  it("answers a wrong code with 'Invalid Code' and keeps the dialog open", () => {
    expect(deliveryFailure(new ApiError(422, 'unprocessable', DRIVER_MESSAGES.invalidCode))).toEqual({
      title: 'Invalid Code',
      description: 'Please enter the correct delivery code from the customer',
      keepOpen: true,
    });
  });

  it("answers the last try's wrong code with 'Invalid Code', the warning that one try is left, and keeps the dialog open", () => {
    expect(deliveryFailure(new ApiError(422, 'unprocessable', DRIVER_MESSAGES.invalidCodeLastTry))).toEqual({
      title: 'Invalid Code',
      description: DRIVER_MESSAGES.invalidCodeLastTry,
      keepOpen: true,
    });
  });

  it('shows the lock message and closes the dialog once the order is locked', () => {
    for (const status of [409, 423]) {
      expect(deliveryFailure(new ApiError(status, 'conflict', DRIVER_MESSAGES.codeLocked))).toEqual({
        title: 'Failed to complete delivery',
        description: DRIVER_MESSAGES.codeLocked,
        keepOpen: false,
      });
    }
  });

  it('keeps the dialog open, with the reason, when the server could not be reached', () => {
    expect(deliveryFailure(new ApiError(0, 'network', NETWORK_MESSAGE))).toEqual({
      title: 'Failed to complete delivery',
      description: NETWORK_MESSAGE,
      keepOpen: true,
    });
  });

  it('does not take another 422 (an order that cannot be delivered now) for a wrong code', () => {
    const failure = deliveryFailure(
      new ApiError(422, 'unprocessable', 'An order that is en route to restaurant cannot be marked delivered'),
    );
    expect(failure.title).toBe('Failed to complete delivery');
  });
});
