import { describe, expect, it } from 'vitest';
import { expectedArrival, riderArrival, type ArrivalFacts } from './arrival.js';

const PLACED = new Date('2026-11-28T12:00:00Z');
/** 3 km at 20 km/h: a 9-minute ride. */
const order = (fields: Partial<ArrivalFacts> = {}): ArrivalFacts => ({
  status: 'confirmed',
  placedAt: PLACED,
  prepMinutes: 25,
  deliveryMeters: 3000,
  readyAt: null,
  pickedUpAt: null,
  ...fields,
});
const arrival = (fields: Partial<ArrivalFacts>) => expectedArrival(order(fields), 20)?.toISOString();

describe("an order's expected arrival", () => {
  it("is its preparation, the rider's coming and the ride after it was placed, until it is ready", () => {
    for (const status of ['pending', 'confirmed', 'preparing'] as const) {
      expect(arrival({ status })).toBe('2026-11-28T12:39:00.000Z');
    }
  });

  it("counts from when it became ready once it is, whether the kitchen was early or late, until it's picked up", () => {
    for (const status of ['ready', 'accepted'] as const) {
      expect(arrival({ status, readyAt: new Date('2026-11-28T12:15:00Z') })).toBe('2026-11-28T12:29:00.000Z');
      expect(arrival({ status, readyAt: new Date('2026-11-28T12:40:00Z') })).toBe('2026-11-28T12:54:00.000Z');
    }
  });

  it('is the ride alone after the rider picked it up', () => {
    const readyAt = new Date('2026-11-28T12:20:00Z');
    const pickedUpAt = new Date('2026-11-28T12:31:00Z');
    expect(arrival({ status: 'picked_up', readyAt, pickedUpAt })).toBe('2026-11-28T12:40:00.000Z');
  });

  it('is none once delivered, cancelled or not available, or without preparation minutes or a distance', () => {
    expect(arrival({ status: 'delivered' })).toBeUndefined();
    expect(arrival({ status: 'cancelled' })).toBeUndefined();
    expect(arrival({ status: 'customer_unavailable' })).toBeUndefined();
    expect(arrival({ prepMinutes: null })).toBeUndefined();
    expect(arrival({ deliveryMeters: null })).toBeUndefined();
  });

  it('times a rider from where they were last seen', () => {
    expect(riderArrival(new Date('2026-11-28T12:50:00Z'), 1500, 30).toISOString()).toBe('2026-11-28T12:53:00.000Z');
  });
});
