import { describe, expect, it } from 'vitest';
import { TokenBucket } from './tokenBucket.js';

describe('TokenBucket', () => {
  it('allows a burst of its capacity, then refills at its rate up to the capacity', () => {
    let now = 0;
    const bucket = new TokenBucket(3, 2, () => now);
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);

    now = 500;
    expect([bucket.take(), bucket.take()]).toEqual([true, false]);

    now = 60_000;
    expect([bucket.take(), bucket.take(), bucket.take(), bucket.take()]).toEqual([true, true, true, false]);
  });

  it('is full once it has refilled to its capacity', () => {
    let now = 0;
    const bucket = new TokenBucket(2, 1, () => now);
    expect(bucket.full).toBe(true);
    bucket.take();
    bucket.take();
    expect(bucket.full).toBe(false);
    now = 1000;
    expect(bucket.full).toBe(false);
    now = 2000;
    expect(bucket.full).toBe(true);
  });
});
