/**
 * Honest delivery times (decision 026): one formula, here, for the cards, the menu and the
 * customer's expected arrival. A delivery takes the kitchen's preparation time (its busy minutes
 * included), a few minutes for a rider to come for the food, and the ride over the road distance
 * at the platform's average speed (DELIVERY_AVERAGE_SPEED_KMH).
 */

/** Minutes allowed, once the food is ready, for a rider to reach the restaurant and take it. */
export const RIDER_PICKUP_MINUTES = 5;

/** A range is shown to the nearest this many minutes, and spans twice it: '35-45 min'. */
const RANGE_STEP_MINUTES = 5;

/** Minutes a rider takes to ride `meters` by road at `averageSpeedKmh`. */
export const travelMinutes = (meters: number, averageSpeedKmh: number): number => (meters / 1000 / averageSpeedKmh) * 60;

export interface DeliveryTimeInput {
  prepMinutes: number;
  busyMinutes: number;
  /** The road distance from the restaurant's pin to the customer's place. */
  meters: number;
  averageSpeedKmh: number;
}

/** Minutes from ordering to the door: the kitchen's time, busy minutes, the rider coming, the ride. */
export const deliveryMinutes = ({ prepMinutes, busyMinutes, meters, averageSpeedKmh }: DeliveryTimeInput): number =>
  prepMinutes + busyMinutes + RIDER_PICKUP_MINUTES + travelMinutes(meters, averageSpeedKmh);

/** The delivery time as cards show it: its nearest 5 minutes, 5 either side ('35-45 min'). */
export function deliveryTimeRange(input: DeliveryTimeInput): string {
  const middle = Math.round(deliveryMinutes(input) / RANGE_STEP_MINUTES) * RANGE_STEP_MINUTES;
  return `${middle - RANGE_STEP_MINUTES}-${middle + RANGE_STEP_MINUTES} min`;
}
