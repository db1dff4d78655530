import { distanceMeters, LOCATION_SEND_DISTANCE_M, type OrderDriver } from '@shared/drivers/schemas.js';
import type { OrderView } from '@shared/orders/schemas.js';
import { formatDistance } from '@/lib/format.js';

const positionOf = (latitude: number | null, longitude: number | null) =>
  latitude === null || longitude === null ? null : { latitude, longitude };

/** Where the driver is. */
export const driverPositionOf = (driver: OrderDriver) => positionOf(driver.latitude, driver.longitude);

/** Where the food goes, when the customer pinned it at checkout. */
export const deliveryPositionOf = (order: Pick<OrderView, 'deliveryLatitude' | 'deliveryLongitude'>) =>
  positionOf(order.deliveryLatitude, order.deliveryLongitude);

/**
 * One line on how far off the driver is, as the crow flies from the customer's pin. Closer than
 * a driver's position is re-sent (50 m), they are at the door. Without either point, it says
 * what the driver is doing.
 */
export function whereabouts(order: Pick<OrderView, 'status' | 'deliveryLatitude' | 'deliveryLongitude'>, driver: OrderDriver) {
  const name = driver.firstName;
  const errand = order.status === 'accepted' ? `${name} is on the way to the restaurant` : `${name} is bringing your order`;
  const from = driverPositionOf(driver);
  const to = deliveryPositionOf(order);
  if (!from || !to) return `${errand}.`;
  const distance = distanceMeters(from, to);
  if (order.status === 'picked_up' && distance < LOCATION_SEND_DISTANCE_M) return `${name} is at your delivery point.`;
  return `${errand}, ${formatDistance(distance)} from you.`;
}
