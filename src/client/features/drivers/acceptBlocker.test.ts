import { describe, expect, it } from 'vitest';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { acceptBlocker } from './acceptBlocker.js';

describe('acceptBlocker', () => {
  it('lets a verified, available driver without a delivery accept', () => {
    expect(acceptBlocker({ isVerified: true, isAvailable: true }, 0)).toBeNull();
  });

  it('tells an unverified driver they wait for verification, whatever else holds', () => {
    expect(acceptBlocker({ isVerified: false, isAvailable: true }, 0)).toBe(DRIVER_MESSAGES.waitingVerification);
    expect(acceptBlocker({ isVerified: false, isAvailable: false }, 1)).toBe(DRIVER_MESSAGES.waitingVerification);
  });

  it('tells a driver with an active delivery to finish it first', () => {
    expect(acceptBlocker({ isVerified: true, isAvailable: true }, 1)).toBe(DRIVER_MESSAGES.busy);
  });

  it('tells an unavailable driver to go online', () => {
    expect(acceptBlocker({ isVerified: true, isAvailable: false }, 0)).toBe(DRIVER_MESSAGES.offline);
  });
});
