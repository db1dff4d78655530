import { describe, expect, it } from 'vitest';
import type { DeliveryView } from '@shared/orders/views.js';
import { carriedOrder, readyOrder } from '@/test/availableOrders.js';
import { inRouteOrder, routeStops } from './deliveryRoute.js';

/** An order this rider carries: from Osu Jollof House unless told otherwise, to a drop-off `km` north of it. */
function carried(id: string, createdAt: string, km: number, fields: Partial<DeliveryView> = {}): DeliveryView {
  return carriedOrder(readyOrder(id), {
    createdAt,
    deliveryLatitude: 5.556 + km / 111.2,
    deliveryLongitude: -0.182,
    customerName: `Customer ${id.slice(0, 1)}`,
    ...fields,
  });
}

const ids = (deliveries: DeliveryView[]) => deliveries.map((delivery) => delivery.id.slice(0, 1));
const FAR = carried('a0000000-0000-4000-8000-000000000001', '2026-11-28T10:00:00.000Z', 4);
const NEAR = carried('b0000000-0000-4000-8000-000000000002', '2026-11-28T10:05:00.000Z', 1);

describe('the round of a rider carrying several orders', () => {
  it('collects every order first, then hands them over nearest first from the restaurant', () => {
    const stops = routeStops([NEAR, FAR]);
    expect(stops.map((stop) => [stop.kind, ids(stop.deliveries), stop.done])).toEqual([
      ['pickup', ['a', 'b'], false],
      ['dropoff', ['b'], false],
      ['dropoff', ['a'], false],
    ]);
    // Both still to collect: in the order they were taken.
    expect(ids(inRouteOrder([NEAR, FAR]))).toEqual(['a', 'b']);
  });

  it('puts what is still to collect first, then what is picked up in drop-off order, and marks a pick-up done', () => {
    const pickedUp = { ...NEAR, status: 'picked_up' as const };
    expect(ids(inRouteOrder([pickedUp, FAR]))).toEqual(['a', 'b']);
    const bothPicked = [pickedUp, { ...FAR, status: 'picked_up' as const }];
    expect(ids(inRouteOrder(bothPicked))).toEqual(['b', 'a']);
    expect(routeStops(bothPicked)[0]?.done).toBe(true);
  });

  it('collects restaurant by restaurant, and chains the drop-offs from each to the next nearest', () => {
    const other = carried('c0000000-0000-4000-8000-000000000003', '2026-11-28T10:02:00.000Z', 2, {
      restaurantName: 'Labone Grill',
      restaurantLatitude: 5.558,
    });
    const nearFar = carried('d0000000-0000-4000-8000-000000000004', '2026-11-28T10:06:00.000Z', 3.8);
    const stops = routeStops([nearFar, NEAR, other, FAR]);
    expect(stops.filter((stop) => stop.kind === 'pickup').map((stop) => ids(stop.deliveries))).toEqual([['a', 'b', 'd'], ['c']]);
    expect(stops.filter((stop) => stop.kind === 'dropoff').map((stop) => ids(stop.deliveries)[0])).toEqual(['b', 'c', 'd', 'a']);
  });

  it('hands over an order without a pin last', () => {
    const unpinned = carried('e0000000-0000-4000-8000-000000000005', '2026-11-28T09:00:00.000Z', 0, {
      deliveryLatitude: null,
      deliveryLongitude: null,
      status: 'picked_up',
    });
    expect(ids(inRouteOrder([unpinned, { ...NEAR, status: 'picked_up' }]))).toEqual(['b', 'e']);
  });
});
