import { describe, expect, it } from 'vitest';
import { backoffDelay, backoffDelays, withJitter } from './backoff.js';

describe('backoff', () => {
  it('doubles the first wait after each failure, up to the most', () => {
    const backoff = { firstMs: 1_000, maxMs: 30_000 };
    expect([0, 1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(backoff, attempt))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
  });

  it('lists the waits of a given number of retries, with another factor when given', () => {
    expect(backoffDelays({ firstMs: 2_000, factor: 5, maxMs: 60_000 }, 4)).toEqual([2_000, 10_000, 50_000, 60_000]);
  });

  it('jitters a wait to between half of it and all of it', () => {
    expect(withJitter(1_000, () => 0)).toBe(500);
    expect(withJitter(1_000, () => 1)).toBe(1_000);
  });
});
