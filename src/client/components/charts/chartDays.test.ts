import { describe, expect, it } from 'vitest';
import { fillDays } from './chartDays.js';

describe('fillDays', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  const empty = (day: string) => ({ day, count: 0 });

  it('gives every UTC day from the first to today, the known ones as they are', () => {
    const days = fillDays('2026-11-20T00:00:00.000Z', [{ day: '2026-11-22', count: 4 }], now, empty);
    expect(days).toEqual([
      { day: '2026-11-20', count: 0 },
      { day: '2026-11-21', count: 0 },
      { day: '2026-11-22', count: 4 },
      { day: '2026-11-23', count: 0 },
    ]);
  });

  it('gives nothing without a first day', () => {
    expect(fillDays(null, [], now, empty)).toEqual([]);
    expect(fillDays(undefined, [{ day: '2026-11-22', count: 4 }], now, empty)).toEqual([]);
  });
});
