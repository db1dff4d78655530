import { describe, expect, it } from 'vitest';
import { routePoints } from './routePoints.js';

const delivery = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  shortId: 'a1b2c3d4',
  restaurantName: 'Buka',
  restaurantLatitude: 5.6,
  restaurantLongitude: -0.18,
  deliveryLatitude: 5.61,
  deliveryLongitude: -0.19,
};

describe('routePoints', () => {
  it('shows the driver, the restaurant and the delivery point of the delivery', () => {
    expect(routePoints({ latitude: 5.59, longitude: -0.17 }, [delivery]).map(({ label, latitude }) => [label, latitude])).toEqual(
      [
        ['You', 5.59],
        ['Restaurant: Buka', 5.6],
        ['Delivery point', 5.61],
      ],
    );
  });

  it('shows a restaurant once for two orders of it, and each delivery point named by its order', () => {
    const second = { ...delivery, id: 'e5f6a7b8-0000-4000-8000-000000000002', shortId: 'e5f6a7b8', deliveryLatitude: 5.62 };
    expect(routePoints(null, [delivery, second]).map(({ label }) => label)).toEqual([
      'Restaurant: Buka',
      'Delivery point: order #a1b2c3d4',
      'Delivery point: order #e5f6a7b8',
    ]);
  });

  it('leaves out what has no position: a driver not located yet, a place without coordinates, no delivery at all', () => {
    expect(routePoints(null, [{ ...delivery, deliveryLatitude: null }]).map(({ label }) => label)).toEqual(['Restaurant: Buka']);
    expect(routePoints({ latitude: 5.59, longitude: -0.17 }, []).map(({ id }) => id)).toEqual(['driver']);
    expect(routePoints(null, [])).toEqual([]);
  });
});
