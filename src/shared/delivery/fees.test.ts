import { describe, expect, it } from 'vitest';
import { deliveryShareOf, quoteDelivery, roadMeters, type DeliveryPricing } from './fees.js';

const GHANA: DeliveryPricing = { currencySymbol: 'GH₵', baseFee: 800, perKmFee: 150, includedMeters: 3000, maxMeters: 15_000 };

describe('the delivery fee', () => {
  it.each([
    [0, 800],
    [3000, 800],
    [3001, 950],
    [4000, 950],
    [4001, 1100],
    [15_000, 800 + 12 * 150],
  ])('at %i m by road is %i', (meters, fee) => {
    expect(quoteDelivery(GHANA, meters)).toEqual({ deliverable: true, fee, meters });
  });

  it('is refused one metre beyond the longest distance delivered', () => {
    expect(quoteDelivery(GHANA, 15_001)).toEqual({ deliverable: false, meters: 15_001, maxMeters: 15_000 });
  });

  it('is the base fee when a pin is missing, and nothing in a currency without pricing', () => {
    expect(quoteDelivery(GHANA, null)).toEqual({ deliverable: true, fee: 800, meters: null });
    expect(quoteDelivery(undefined, 40_000)).toEqual({ deliverable: true, fee: 0, meters: 40_000 });
  });

  it('measures the straight line times the road factor, rounded up to the metre', () => {
    const osu = { latitude: 5.556, longitude: -0.1826 };
    expect(roadMeters(osu, osu, 130)).toBe(0);
    const north = { latitude: 5.556 + 0.01, longitude: -0.1826 };
    const straight = roadMeters(osu, north, 100);
    expect(straight).toBeGreaterThan(1100);
    expect(Math.abs(roadMeters(osu, north, 130) - straight * 1.3)).toBeLessThanOrEqual(2);
  });

  it('gives the platform its share half up and the rider the rest', () => {
    expect(deliveryShareOf(950, 2000)).toBe(190);
    expect(deliveryShareOf(5, 1000)).toBe(1);
    expect(deliveryShareOf(0, 2000)).toBe(0);
  });
});
