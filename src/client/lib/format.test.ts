import { describe, expect, it } from 'vitest';
import { formatCoordinate, formatDistance, formatMoney, formatPercent } from './format.js';

describe('format helpers', () => {
  it('shows money from minor units with its symbol and two decimals', () => {
    expect(formatMoney(125_050, 'GH₵')).toBe('GH₵1,250.50');
    expect(formatMoney(5, '$')).toBe('$0.05');
  });

  it('shows coordinates with the requested precision', () => {
    expect(formatCoordinate(5.603716, 4)).toBe('5.6037');
    expect(formatCoordinate(-0.1869644, 6)).toBe('-0.186964');
  });

  it('shows short distances to the nearest 10 m and longer ones in km with one decimal, never split across lines', () => {
    const nbsp = '\u00a0';
    expect(formatDistance(3)).toBe(`0${nbsp}m`);
    expect(formatDistance(244)).toBe(`240${nbsp}m`);
    expect(formatDistance(994)).toBe(`990${nbsp}m`);
    expect(formatDistance(996)).toBe(`1.0${nbsp}km`);
    expect(formatDistance(12_460)).toBe(`12.5${nbsp}km`);
  });

  it('shows percentages without trailing zeros', () => {
    expect(formatPercent(10)).toBe('10%');
    expect(formatPercent(12.5)).toBe('12.5%');
  });
});
