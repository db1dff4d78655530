import { describe, expect, it } from 'vitest';
import { chartCurrencies, formatCount, ordersPerDay, revenuePerDay } from './overviewFigures.js';

const now = new Date('2026-11-23T10:00:00Z');
const overview = {
  from: '2026-11-21T00:00:00.000Z',
  days: [
    { day: '2026-11-21', currencySymbol: 'GH₵', orders: 2, revenue: 9000 },
    { day: '2026-11-21', currencySymbol: '₦', orders: 5, revenue: 1_500_000 },
    { day: '2026-11-23', currencySymbol: 'GH₵', orders: 1, revenue: 4500 },
  ],
};

describe('the overview chart', () => {
  it('adds orders of every currency per day, every day of the period', () => {
    expect(ordersPerDay(overview, now)).toEqual([
      { day: '2026-11-21', orders: 7 },
      { day: '2026-11-22', orders: 0 },
      { day: '2026-11-23', orders: 1 },
    ]);
  });

  it('keeps each currency’s revenue apart', () => {
    expect(revenuePerDay(overview, 'GH₵', now)).toEqual([
      { day: '2026-11-21', orders: 2, revenue: 9000 },
      { day: '2026-11-22', orders: 0, revenue: 0 },
      { day: '2026-11-23', orders: 1, revenue: 4500 },
    ]);
    expect(revenuePerDay(overview, '₦', now).map((day) => day.revenue)).toEqual([1_500_000, 0, 0]);
  });

  it('offers the currencies with most orders first', () => {
    expect(chartCurrencies(overview)).toEqual(['₦', 'GH₵']);
    expect(chartCurrencies({ days: [] })).toEqual([]);
  });
});

describe('formatCount', () => {
  it('shows counts in full and estimates rounded, saying so', () => {
    expect(formatCount({ count: 1234, approximate: false })).toBe('1,234');
    expect(formatCount({ count: 1_234_567, approximate: true })).toBe('about 1.2M');
  });
});
