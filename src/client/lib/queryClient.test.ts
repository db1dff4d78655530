import { describe, expect, it } from 'vitest';
import { ApiError } from './apiError.js';
import { shouldRetry } from './queryClient.js';

const online = { online: true, hasData: false };
const networkFailure = new ApiError(0, 'network', 'offline');

describe('shouldRetry', () => {
  it('never retries a request the server refused', () => {
    expect(shouldRetry(0, new ApiError(404, 'not_found', 'No such restaurant'), online)).toBe(false);
    expect(shouldRetry(0, new ApiError(429, 'rate_limited', 'Too many attempts'), online)).toBe(false);
  });

  it('retries network failures and server errors twice', () => {
    expect(shouldRetry(0, networkFailure, online)).toBe(true);
    expect(shouldRetry(1, new ApiError(503, 'internal', 'down'), online)).toBe(true);
    expect(shouldRetry(2, networkFailure, online)).toBe(false);
  });

  it('offline, keeps a query that shows data waiting for the connection, however often it failed', () => {
    expect(shouldRetry(5, networkFailure, { online: false, hasData: true })).toBe(true);
  });

  it('offline, fails a query with nothing to show at once, so its page does not load for ever', () => {
    expect(shouldRetry(0, networkFailure, { online: false, hasData: false })).toBe(false);
  });
});
