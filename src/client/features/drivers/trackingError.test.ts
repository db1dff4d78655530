import { describe, expect, it } from 'vitest';
import { TRACKING_ERRORS, trackingErrorMessage } from './trackingError.js';

describe('trackingErrorMessage', () => {
  it('tells a driver who blocked location how to allow it, and explains a missing fix or a slow one', () => {
    expect(trackingErrorMessage(1)).toBe(TRACKING_ERRORS.denied);
    expect(trackingErrorMessage(2)).toBe(TRACKING_ERRORS.unavailable);
    expect(trackingErrorMessage(3)).toBe(TRACKING_ERRORS.timeout);
  });
});
