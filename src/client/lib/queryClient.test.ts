import { describe, expect, it } from 'vitest';
import { ApiError } from './apiError.js';
import { shouldRetry } from './queryClient.js';

describe('shouldRetry', () => {
  it('never retries a request the server refused', () => {
    expect(shouldRetry(0, new ApiError(404, 'not_found', 'No such restaurant'))).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'rate_limited', 'Too many attempts'))).toBe(false);
  });

  it('retries network failures and server errors twice', () => {
    const offline = new ApiError(0, 'network', 'offline');
    expect(shouldRetry(0, offline)).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'internal', 'down'))).toBe(true);
    expect(shouldRetry(2, offline)).toBe(false);
  });
});
