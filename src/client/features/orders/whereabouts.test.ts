import { describe, expect, it } from 'vitest';
import type { OrderDriver } from '@shared/drivers/schemas.js';
import { whereabouts } from './whereabouts.js';

const kofi: OrderDriver = {
  firstName: 'Kofi',
  vehicleType: 'bike',
  vehicleModel: 'Honda CG 125',
  plateNumber: 'GR 2451-21',
  latitude: 5.5583,
  longitude: -0.1831,
  lastLocationUpdate: '2026-03-02T12:00:00.000Z',
};
/** About 440 m north-east of Kofi. */
const pinned = { deliveryLatitude: 5.5597, deliveryLongitude: -0.1794 };

describe('whereabouts', () => {
  it('says where the driver is headed and how far they are from the delivery pin', () => {
    expect(whereabouts({ status: 'accepted', ...pinned }, kofi)).toBe(
      'Kofi is on the way to the restaurant, 440\u00a0m from you.',
    );
    expect(whereabouts({ status: 'picked_up', ...pinned }, { ...kofi, latitude: 5.6037, longitude: -0.187 })).toBe(
      'Kofi is bringing your order, 5.0\u00a0km from you.',
    );
  });

  it('says the driver has arrived once they are within 50 m of the pin with the food', () => {
    const atTheGate = { ...kofi, latitude: 5.5599, longitude: -0.1795 };
    expect(whereabouts({ status: 'picked_up', ...pinned }, atTheGate)).toBe('Kofi is at your delivery point.');
  });

  it('leaves the distance out without a pin or before the first position', () => {
    expect(whereabouts({ status: 'picked_up', deliveryLatitude: null, deliveryLongitude: null }, kofi)).toBe(
      'Kofi is bringing your order.',
    );
    expect(whereabouts({ status: 'accepted', ...pinned }, { ...kofi, latitude: null, longitude: null })).toBe(
      'Kofi is on the way to the restaurant.',
    );
  });
});
