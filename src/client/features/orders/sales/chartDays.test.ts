import { describe, expect, it } from 'vitest';
import { chartDays } from './chartDays.js';

describe('chartDays', () => {
  const now = new Date('2026-11-23T10:00:00Z');

  it('fills every UTC day of the period from its start to today, days without sales as zero', () => {
    const days = chartDays({ from: '2026-11-17T00:00:00.000Z', days: [{ day: '2026-11-20', sales: 1500, orders: 2 }] }, now);
    expect(days.map((day) => day.day)).toEqual([
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
    ]);
    expect(days[3]).toEqual({ day: '2026-11-20', sales: 1500, orders: 2 });
    expect(days[0]).toEqual({ day: '2026-11-17', sales: 0, orders: 0 });
  });

  it('starts all time at the first day with sales, and draws nothing without any', () => {
    expect(chartDays({ from: null, days: [{ day: '2026-11-21', sales: 10, orders: 1 }] }, now)).toHaveLength(3);
    expect(chartDays({ from: null, days: [] }, now)).toEqual([]);
  });
});
