import { useQuery } from '@tanstack/react-query';
import { Clock } from 'lucide-react';
import { roadMeters, type DeliveryPricingList } from '@shared/delivery/fees.js';
import { riderArrival } from '@shared/orders/arrival.js';
import type { OrderView } from '@shared/orders/schemas.js';
import { deliveryPricingQuery } from '@/lib/deliveryPricingApi.js';
import { formatTime } from '@/lib/format.js';
import { deliveryPositionOf, driverPositionOf } from './whereabouts.js';

/** Where and when the rider was last seen, and where the food goes, while the order is out for delivery and all are known. */
function rideOf(order: OrderView) {
  if (order.status !== 'picked_up' || !order.driver?.lastLocationUpdate) return null;
  const from = driverPositionOf(order.driver);
  const to = deliveryPositionOf(order);
  return from && to ? { from, to, seenAt: new Date(order.driver.lastLocationUpdate) } : null;
}

/**
 * When the order should arrive (decision 026): the server's time, worked out again at each move;
 * while out for delivery, from the rider's last position and the road distance left, at the
 * riders' average speed, so it follows them as they ride.
 */
function expectedArrivalOf(order: OrderView, pricing: DeliveryPricingList | undefined): string | null {
  const ride = rideOf(order);
  if (!ride || !pricing) return order.expectedArrival;
  const meters = roadMeters(ride.from, ride.to, pricing.roadFactorPercent);
  return riderArrival(ride.seenAt, meters, pricing.averageSpeedKmh).toISOString();
}

/** 'Expected by 13:45' in the customer's own time, while the order is on its way to them. */
export function ExpectedArrival({ order }: { order: OrderView }) {
  const pricing = useQuery({ ...deliveryPricingQuery(), enabled: rideOf(order) !== null });
  const arrival = expectedArrivalOf(order, pricing.data);
  if (!arrival) return null;
  return (
    <p className="flex items-center gap-2 text-sm font-medium">
      <Clock aria-hidden className="size-4 shrink-0 text-primary" />
      <span>
        Expected by <time dateTime={arrival}>{formatTime(arrival)}</time>
      </span>
    </p>
  );
}
