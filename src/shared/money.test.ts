import { describe, expect, it } from 'vitest';
import { percentToCommissionBps } from './admin/commission.js';
import { bpsToPercent, commissionFor, formatMoney, splitTotal, toMajorString, toMinor } from './money.js';

describe('toMinor', () => {
  it('parses decimal strings exactly into minor units', () => {
    expect(toMinor('12.50')).toBe(1250);
    expect(toMinor('12.5')).toBe(1250);
    expect(toMinor('12')).toBe(1200);
    expect(toMinor('0.05')).toBe(5);
    expect(toMinor('.5')).toBe(50);
    expect(toMinor(' 7.25 ')).toBe(725);
    expect(toMinor('-3.10')).toBe(-310);
  });

  it('has no floating-point drift on values that are inexact as binary floats', () => {
    expect(toMinor(0.29)).toBe(29);
    expect(toMinor(19.99)).toBe(1999);
    expect(toMinor('1.15')).toBe(115);
    expect(toMinor(4.35)).toBe(435);
  });

  it('refuses more than two decimals, empty input and things that are not numbers', () => {
    for (const bad of ['1.005', '', '.', 'abc', '1,50', '1e3', '--1', '12.5.0']) {
      expect(() => toMinor(bad), bad).toThrow(RangeError);
    }
    expect(() => toMinor(0.1 + 0.2)).toThrow(RangeError);
    expect(() => toMinor(Number.NaN)).toThrow(RangeError);
  });

  it('refuses amounts beyond safe integers', () => {
    expect(() => toMinor('900719925474099.99')).toThrow(/too large/);
  });
});

describe('formatting', () => {
  it('shows minor units with the symbol, thousands separators and two decimals', () => {
    expect(formatMoney(1250, 'GH₵')).toBe('GH₵12.50');
    expect(formatMoney(5, '$')).toBe('$0.05');
    expect(formatMoney(0, '₦')).toBe('₦0.00');
    expect(formatMoney(123456789, 'KSh')).toBe('KSh1,234,567.89');
    expect(formatMoney(-4599, '£')).toBe('-£45.99');
  });

  it('writes plain decimals for form inputs that toMinor reads back', () => {
    expect(toMajorString(1250)).toBe('12.50');
    expect(toMajorString(7)).toBe('0.07');
    expect(toMajorString(-310)).toBe('-3.10');
    expect(toMinor(toMajorString(98765))).toBe(98765);
  });
});

describe('commission', () => {
  it('rounds the commission half-up to a whole minor unit', () => {
    expect(commissionFor(10_000, 1000)).toBe(1000);
    expect(commissionFor(105, 1000)).toBe(11);
    expect(commissionFor(104, 1000)).toBe(10);
    expect(commissionFor(11099, 1000)).toBe(1110);
    expect(commissionFor(1, 5000)).toBe(1);
    expect(commissionFor(999, 1250)).toBe(125);
  });

  it('takes nothing at 0 % and everything at 100 %', () => {
    expect(commissionFor(4321, 0)).toBe(0);
    expect(commissionFor(4321, 10_000)).toBe(4321);
  });

  it('pays the restaurant the total minus the commission, so the parts always add up', () => {
    for (const [total, bps] of [
      [11099, 1000],
      [1, 1],
      [2_147_483_647, 1234],
      [0, 1000],
    ] as const) {
      const split = splitTotal(total, bps);
      expect(split.totalAmount).toBe(total);
      expect(split.commissionAmount + split.restaurantPayout).toBe(total);
      expect(split.restaurantPayout).toBeGreaterThanOrEqual(0);
    }
    expect(splitTotal(11099, 1000)).toEqual({ totalAmount: 11099, commissionAmount: 1110, restaurantPayout: 9989 });
  });

  it('converts the admin percentage to basis points exactly and back', () => {
    expect(percentToCommissionBps(10)).toBe(1000);
    expect(percentToCommissionBps(12.5)).toBe(1250);
    expect(percentToCommissionBps(0.1)).toBe(10);
    expect(percentToCommissionBps(0.1 + 0.2)).toBe(30);
    expect(bpsToPercent(1250)).toBe(12.5);
  });
});
