import { describe, expect, it } from 'vitest';
import type { OperationsRider } from '@shared/admin/operations.js';
import { positionAgeLabel, ridersByDistance, waitingLabel } from './operationsTimes.js';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();

const rider = (fullName: string, latitude: number | null): OperationsRider => ({
  id: crypto.randomUUID(),
  fullName,
  isAvailable: true,
  latitude,
  longitude: latitude === null ? null : -0.187,
  lastLocationUpdate: null,
  carrying: [],
});

describe('the operations view’s times and distances', () => {
  it('says how long an order has waited as a dispatcher reads it', () => {
    expect(waitingLabel(before(45_000), NOW)).toBe('waiting 45 s');
    expect(waitingLabel(before(4 * 60_000 + 59_000), NOW)).toBe('waiting 4 min');
    expect(waitingLabel(before(65 * 60_000), NOW)).toBe('waiting 1 h 5 min');
    expect(waitingLabel(before(2 * 3_600_000), NOW)).toBe('waiting 2 h');
    // A clock a little ahead of the server never makes a negative wait.
    expect(waitingLabel(before(-3_000), NOW)).toBe('waiting 0 s');
  });

  it('says how old a position is, or that there is none', () => {
    expect(positionAgeLabel(before(12_000), NOW)).toBe('position 12 s ago');
    expect(positionAgeLabel(before(3 * 60_000), NOW)).toBe('position 3 min ago');
    expect(positionAgeLabel(null, NOW)).toBe('no position yet');
  });

  it('puts the riders nearest the restaurant first, those without a position last', () => {
    const riders = [rider('Far', 5.7), rider('Nowhere', null), rider('Near', 5.601), rider('Also nowhere', null)];
    const order = { restaurantLatitude: 5.6, restaurantLongitude: -0.187 };
    const sorted = ridersByDistance(riders, order);
    expect(sorted.map((choice) => choice.rider.fullName)).toEqual(['Near', 'Far', 'Also nowhere', 'Nowhere']);
    expect(sorted[0]?.meters).toBeCloseTo(111, 0);
    expect(sorted[2]?.meters).toBeNull();
    const unknownRestaurant = ridersByDistance(riders, { restaurantLatitude: null, restaurantLongitude: null });
    expect(unknownRestaurant.every((choice) => choice.meters === null)).toBe(true);
  });
});
