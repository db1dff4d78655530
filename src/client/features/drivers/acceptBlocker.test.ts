import { describe, expect, it } from 'vitest';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { acceptBlocker } from './acceptBlocker.js';

describe('acceptBlocker', () => {
  it('lets a verified, available driver without a delivery accept, online or not', () => {
    expect(acceptBlocker({ isVerified: true, isAvailable: true }, 0, true)).toBeNull();
    expect(acceptBlocker({ isVerified: true, isAvailable: true }, 0, false)).toBeNull();
  });

  it('tells an unverified driver they wait for verification, whatever else holds', () => {
    expect(acceptBlocker({ isVerified: false, isAvailable: true }, 0, true)).toBe(DRIVER_MESSAGES.waitingVerification);
    expect(acceptBlocker({ isVerified: false, isAvailable: false }, 1, false)).toBe(DRIVER_MESSAGES.waitingVerification);
  });

  it('tells a driver with an active delivery to finish it first', () => {
    expect(acceptBlocker({ isVerified: true, isAvailable: true }, 1, true)).toBe(DRIVER_MESSAGES.busy);
  });

  it('tells an unavailable driver who is offline to go online', () => {
    expect(acceptBlocker({ isVerified: true, isAvailable: false }, 0, false)).toBe(DRIVER_MESSAGES.offline);
  });

  it('tells an online driver who switched themselves Unavailable to switch Available on, not to go online', () => {
    expect(acceptBlocker({ isVerified: true, isAvailable: false }, 0, true)).toBe(DRIVER_MESSAGES.unavailable);
  });
});
