import { describe, expect, it } from 'vitest';
import { routePoints } from './routePoints.js';

const delivery = {
  restaurantName: 'Buka',
  restaurantLatitude: 5.6,
  restaurantLongitude: -0.18,
  deliveryLatitude: 5.61,
  deliveryLongitude: -0.19,
};

describe('routePoints', () => {
  it('shows the driver, the restaurant and the delivery point of the delivery', () => {
    expect(
      routePoints({ latitude: 5.59, longitude: -0.17 }, delivery).map(({ id, label, latitude }) => [id, label, latitude]),
    ).toEqual([
      ['driver', 'You', 5.59],
      ['restaurant', 'Restaurant: Buka', 5.6],
      ['customer', 'Delivery point', 5.61],
    ]);
  });

  it('leaves out what has no position: a driver not located yet, a place without coordinates, no delivery at all', () => {
    expect(routePoints(null, { ...delivery, deliveryLatitude: null }).map(({ id }) => id)).toEqual(['restaurant']);
    expect(routePoints({ latitude: 5.59, longitude: -0.17 }, undefined).map(({ id }) => id)).toEqual(['driver']);
    expect(routePoints(null, undefined)).toEqual([]);
  });
});
