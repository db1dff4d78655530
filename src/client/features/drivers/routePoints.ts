import type { DeliveryView } from '@shared/orders/views.js';
import type { LatLng } from '@/components/maps/geolocation.js';
import type { MapPoint } from '@/components/maps/PointsMap.js';

/** Colours of the route map's pins, told apart in its legend by name as well. */
const ROUTE_COLOURS = { driver: '#1d4ed8', restaurant: '#d4551c', customer: '#15803d' } as const;

type Route = Pick<
  DeliveryView,
  'id' | 'shortId' | 'restaurantName' | 'restaurantLatitude' | 'restaurantLongitude' | 'deliveryLatitude' | 'deliveryLongitude'
>;

/**
 * The driver map's pins: the driver, and the restaurant and customer of each delivery they carry
 * (a restaurant once however many orders come from it), each where known.
 */
export function routePoints(driver: LatLng | null, deliveries: readonly Route[]): MapPoint[] {
  const points: MapPoint[] = [];
  if (driver) points.push({ id: 'driver', label: 'You', colour: ROUTE_COLOURS.driver, ...driver });
  const several = deliveries.length > 1;
  for (const delivery of deliveries) {
    const { restaurantLatitude: latitude, restaurantLongitude: longitude } = delivery;
    const id = `restaurant-${delivery.restaurantName}-${latitude}-${longitude}`;
    if (latitude !== null && longitude !== null && !points.some((point) => point.id === id)) {
      points.push({ id, label: `Restaurant: ${delivery.restaurantName}`, colour: ROUTE_COLOURS.restaurant, latitude, longitude });
    }
  }
  for (const delivery of deliveries) {
    if (delivery.deliveryLatitude === null || delivery.deliveryLongitude === null) continue;
    points.push({
      id: `customer-${delivery.id}`,
      label: several ? `Delivery point: order #${delivery.shortId}` : 'Delivery point',
      colour: ROUTE_COLOURS.customer,
      latitude: delivery.deliveryLatitude,
      longitude: delivery.deliveryLongitude,
    });
  }
  return points;
}
