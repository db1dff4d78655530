import { describe, expect, it } from 'vitest';
import { deliveryMinutes, deliveryTimeRange, RIDER_PICKUP_MINUTES, travelMinutes } from './estimate.js';

const usual = { prepMinutes: 20, busyMinutes: 0, meters: 2000, averageSpeedKmh: 20 };

describe('honest delivery times', () => {
  it('rides a kilometre in 3 minutes at 20 km/h, and in 2 at 30', () => {
    expect(travelMinutes(1000, 20)).toBe(3);
    expect(travelMinutes(1000, 30)).toBe(2);
    expect(travelMinutes(0, 20)).toBe(0);
  });

  it("adds the kitchen's minutes, its busy minutes, the rider's coming and the ride", () => {
    expect(RIDER_PICKUP_MINUTES).toBe(5);
    expect(deliveryMinutes(usual)).toBe(20 + 5 + 6);
    expect(deliveryMinutes({ ...usual, busyMinutes: 20 })).toBe(20 + 20 + 5 + 6);
  });

  it("shows the usual kitchen 2 km away as today's '25-35 min', a busy one later", () => {
    expect(deliveryTimeRange(usual)).toBe('25-35 min');
    expect(deliveryTimeRange({ ...usual, busyMinutes: 10 })).toBe('35-45 min');
    expect(deliveryTimeRange({ ...usual, prepMinutes: 45, busyMinutes: 30, meters: 8000 })).toBe('100-110 min');
  });

  it('rounds to the nearest 5 minutes, a range of 10 around it', () => {
    // 20 + 5 + 2.4 = 27.4 minutes: 25.
    expect(deliveryTimeRange({ ...usual, meters: 800 })).toBe('20-30 min');
    // 20 + 5 + 2.55 = 27.55 minutes: 30.
    expect(deliveryTimeRange({ ...usual, meters: 850 })).toBe('25-35 min');
  });

  it('never starts below 5 minutes, however close and quick the kitchen', () => {
    expect(deliveryTimeRange({ prepMinutes: 5, busyMinutes: 0, meters: 0, averageSpeedKmh: 80 })).toBe('5-15 min');
  });
});
