import type { DeliveryView } from '@shared/orders/views.js';
import type { LatLng } from '@/components/maps/geolocation.js';
import type { MapPoint } from '@/components/maps/PointsMap.js';

/** Colours of the route map's pins, told apart in its legend by name as well. */
const ROUTE_COLOURS = { driver: '#1d4ed8', restaurant: '#d4551c', customer: '#15803d' } as const;

type Route = Pick<
  DeliveryView,
  'restaurantName' | 'restaurantLatitude' | 'restaurantLongitude' | 'deliveryLatitude' | 'deliveryLongitude'
>;

/** The driver map's pins: the driver, and the restaurant and customer of their first active delivery, each where known. */
export function routePoints(driver: LatLng | null, delivery: Route | undefined): MapPoint[] {
  const points: MapPoint[] = [];
  if (driver) points.push({ id: 'driver', label: 'You', colour: ROUTE_COLOURS.driver, ...driver });
  if (delivery?.restaurantLatitude != null && delivery.restaurantLongitude != null) {
    points.push({
      id: 'restaurant',
      label: `Restaurant: ${delivery.restaurantName}`,
      colour: ROUTE_COLOURS.restaurant,
      latitude: delivery.restaurantLatitude,
      longitude: delivery.restaurantLongitude,
    });
  }
  if (delivery?.deliveryLatitude != null && delivery.deliveryLongitude != null) {
    points.push({
      id: 'customer',
      label: 'Delivery point',
      colour: ROUTE_COLOURS.customer,
      latitude: delivery.deliveryLatitude,
      longitude: delivery.deliveryLongitude,
    });
  }
  return points;
}
