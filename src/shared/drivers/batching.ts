import { z } from 'zod';
import type { OrderStatus } from '../orders/status.js';
import { distanceMeters } from './schemas.js';

/**
 * Batching (issue 24 item 3, decision 032): a rider may carry up to N orders at once (admin
 * Settings, 1 to 5, 2 by default) while none of them is picked up yet and every restaurant they
 * collect from lies within BATCH_DISTANCE_M of the new order's (the same restaurant is 0 m).
 * The server holds the rule in SQL (dispatch/batchingRepository.ts); carryRefusal is the same rule
 * for the rider's screen, which says why before they tap.
 */

/** Two restaurants this close count as one pick-up round. */
export const BATCH_DISTANCE_M = 500;

export const CARRIED_ORDERS_LIMITS = { min: 1, max: 5 } as const;
export const DEFAULT_MAX_CARRIED_ORDERS = 2;

export const BATCHING_MESSAGES = {
  title: 'Batching',
  label: 'Orders a rider may carry at once',
  explanation: `A rider may take another order while they have picked none up yet and its restaurant is the one they collect from, or within ${BATCH_DISTANCE_M} m of it. 1 means one order at a time.`,
  range: `Enter a whole number from ${CARRIED_ORDERS_LIMITS.min} to ${CARRIED_ORDERS_LIMITS.max}`,
  loadFailed: 'Failed to load the batching setting',
  updateFailed: 'Failed to update the batching setting',
  updated: 'Batching updated successfully',
} as const;

/** Why a rider may not take one more order now; the server answers these with 409. */
export const CARRY_MESSAGES = {
  busy: 'Deliver the orders you have picked up before taking another',
  full: 'You carry as many orders as you may at once: deliver one before taking another',
  tooFar: `You can add only orders from the restaurant you collect from, or from one within ${BATCH_DISTANCE_M} m of it`,
} as const;
export type CarryRefusal = keyof typeof CARRY_MESSAGES;

/** GET and PUT /api/admin/batching, and the Settings form. */
export const batchingSettingsSchema = z.object({
  maxCarriedOrders: z
    .number({ message: BATCHING_MESSAGES.range })
    .int(BATCHING_MESSAGES.range)
    .min(CARRIED_ORDERS_LIMITS.min, BATCHING_MESSAGES.range)
    .max(CARRIED_ORDERS_LIMITS.max, BATCHING_MESSAGES.range),
});
export type BatchingSettings = z.infer<typeof batchingSettingsSchema>;

interface Pickup {
  restaurantLatitude: number | null;
  restaurantLongitude: number | null;
}

/** Whether two restaurants are one pick-up round; unknown positions are left to the server, which also knows whether they are the same restaurant. */
function together(a: Pickup, b: Pickup): boolean {
  if (a.restaurantLatitude === null || a.restaurantLongitude === null) return true;
  if (b.restaurantLatitude === null || b.restaurantLongitude === null) return true;
  const from = { latitude: a.restaurantLatitude, longitude: a.restaurantLongitude };
  return distanceMeters(from, { latitude: b.restaurantLatitude, longitude: b.restaurantLongitude }) <= BATCH_DISTANCE_M;
}

/**
 * Why a rider carrying `carried` (their orders on the road) may not take one more, or null: one
 * of them picked up (busy), `maxCarried` of them (full), or, for `order`, a restaurant too far
 * from one they collect from.
 */
export function carryRefusal(
  carried: readonly (Pickup & { status: OrderStatus })[],
  maxCarried: number,
  order?: Pickup,
): CarryRefusal | null {
  if (carried.length === 0) return null;
  if (carried.some((delivery) => delivery.status === 'picked_up')) return 'busy';
  if (carried.length >= maxCarried) return 'full';
  if (order && !carried.every((delivery) => together(delivery, order))) return 'tooFar';
  return null;
}
