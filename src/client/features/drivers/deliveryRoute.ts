import { distanceMeters, type DriverPosition } from '@shared/drivers/schemas.js';
import type { DeliveryView } from '@shared/orders/views.js';

/**
 * The order a rider carrying several orders (batching) goes through them: every pick-up first,
 * restaurant by restaurant in the order they took the orders, then the drop-offs, each the
 * nearest to where the rider last stopped, starting from the last restaurant.
 */

export interface RouteStop {
  kind: 'pickup' | 'dropoff';
  /** The orders collected at this restaurant, or the one handed over here. */
  deliveries: DeliveryView[];
  /** Every order of a pick-up is collected already. */
  done: boolean;
}

const restaurantKey = (delivery: DeliveryView) =>
  `${delivery.restaurantName}|${delivery.restaurantLatitude}|${delivery.restaurantLongitude}`;

const restaurantPlace = (delivery: DeliveryView): DriverPosition | null =>
  delivery.restaurantLatitude === null || delivery.restaurantLongitude === null
    ? null
    : { latitude: delivery.restaurantLatitude, longitude: delivery.restaurantLongitude };

const dropOffPlace = (delivery: DeliveryView): DriverPosition | null =>
  delivery.deliveryLatitude === null || delivery.deliveryLongitude === null
    ? null
    : { latitude: delivery.deliveryLatitude, longitude: delivery.deliveryLongitude };

/** The drop-offs, each the nearest to the previous stop; those without a position last, oldest first. */
function dropOffOrder(from: DriverPosition | null, deliveries: DeliveryView[]): DeliveryView[] {
  const left = [...deliveries];
  const ordered: DeliveryView[] = [];
  let here = from;
  while (left.length > 0) {
    let next = 0;
    let nearest = Infinity;
    left.forEach((delivery, index) => {
      const place = dropOffPlace(delivery);
      const metres = here && place ? distanceMeters(here, place) : Infinity;
      if (metres < nearest) [next, nearest] = [index, metres];
    });
    const [chosen] = left.splice(next, 1);
    if (!chosen) break;
    ordered.push(chosen);
    here = dropOffPlace(chosen) ?? here;
  }
  return ordered;
}

/** The stops of the round: pick-ups by restaurant, then drop-offs. */
export function routeStops(deliveries: readonly DeliveryView[]): RouteStop[] {
  const taken = [...deliveries].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const pickups = new Map<string, DeliveryView[]>();
  for (const delivery of taken) pickups.set(restaurantKey(delivery), [...(pickups.get(restaurantKey(delivery)) ?? []), delivery]);
  const pickupStops = [...pickups.values()].map((collected): RouteStop => ({
    kind: 'pickup',
    deliveries: collected,
    done: collected.every((delivery) => delivery.status !== 'accepted'),
  }));
  const lastRestaurant = pickupStops.flatMap((stop) => stop.deliveries.map(restaurantPlace)).findLast((place) => place !== null);
  const dropOffs = dropOffOrder(lastRestaurant ?? null, taken).map((delivery): RouteStop => ({
    kind: 'dropoff',
    deliveries: [delivery],
    done: false,
  }));
  return [...pickupStops, ...dropOffs];
}

/** The deliveries in the order of their next stop: those to collect, by pick-up, then those to hand over, by drop-off. */
export function inRouteOrder(deliveries: readonly DeliveryView[]): DeliveryView[] {
  const stops = routeStops(deliveries);
  const toCollect = stops
    .filter((stop) => stop.kind === 'pickup')
    .flatMap((stop) => stop.deliveries.filter((d) => d.status === 'accepted'));
  const toHandOver = stops
    .filter((stop) => stop.kind === 'dropoff')
    .flatMap((stop) => stop.deliveries.filter((d) => d.status !== 'accepted'));
  return [...toCollect, ...toHandOver];
}
