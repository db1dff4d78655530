import { RIDER_PICKUP_MINUTES, travelMinutes } from '../restaurants/estimate.js';
import { isActive, type OrderStatus } from './status.js';

const MINUTE_MS = 60_000;

/** What an order's expected arrival is worked out from: the times its moves stamped, and how far it goes. */
export interface ArrivalFacts {
  status: OrderStatus;
  placedAt: Date;
  /** The kitchen's minutes, busy ones included, when it was placed; null for orders placed before they were kept. */
  prepMinutes: number | null;
  /** The road distance from the restaurant to the delivery pin; null when either pin was missing. */
  deliveryMeters: number | null;
  readyAt: Date | null;
  pickedUpAt: Date | null;
}

const after = (start: Date, minutes: number) => new Date(start.getTime() + minutes * MINUTE_MS);

/**
 * When the order should reach its customer (decision 026), worked out again at each move: until
 * ready, from when it was placed and the kitchen's minutes; once ready, from then; once picked
 * up, from then, with the ride alone. Null once it is finished (delivered, cancelled, customer
 * not available), and when the kitchen's minutes or the distance are unknown.
 */
export function expectedArrival(order: ArrivalFacts, averageSpeedKmh: number): Date | null {
  const { status, prepMinutes, deliveryMeters } = order;
  if (!isActive(status) || prepMinutes === null || deliveryMeters === null) return null;
  const ride = travelMinutes(deliveryMeters, averageSpeedKmh);
  if (order.pickedUpAt && status === 'picked_up') return after(order.pickedUpAt, ride);
  const readyAt = order.readyAt ?? after(order.placedAt, prepMinutes);
  return after(readyAt, RIDER_PICKUP_MINUTES + ride);
}

/** When a rider seen `meters` by road from the delivery pin at `seenAt` should get there. */
export const riderArrival = (seenAt: Date, meters: number, averageSpeedKmh: number): Date =>
  after(seenAt, travelMinutes(meters, averageSpeedKmh));
