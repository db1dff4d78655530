import { z } from 'zod';
import { ORDER_STATUSES } from '../orders/status.js';

/**
 * The live operations view (/admin/operations, decision 031): the ready orders no rider has yet,
 * the orders on the road, and the riders online (available, or carrying an order), as GET
 * /api/admin/operations answers them. The client works out how long an order has waited and how
 * old a position is from the server's clock (serverTime), so a phone whose clock is off still
 * reads the right minutes.
 */

/**
 * The most rows of each list one answer carries (waiting orders, orders on the road, riders). A
 * city's evening has far fewer; past it the lists are the longest-waiting orders and the riders
 * who sent a position last, and the page says that the list is cut.
 */
export const OPERATIONS_LIMIT = 500;

const isoTime = z.iso.datetime();

const operationsOrderSchema = z.object({
  id: z.uuid(),
  shortId: z.string(),
  status: z.enum(ORDER_STATUSES),
  restaurantName: z.string(),
  /** Where the food is picked up; null when the restaurant has no position. */
  restaurantLatitude: z.number().nullable(),
  restaurantLongitude: z.number().nullable(),
  /** When the kitchen marked it ready (a rider giving it back keeps that time). */
  readyAt: isoTime,
  driverId: z.uuid().nullable(),
  driverName: z.string().nullable(),
  /** The rider dispatch offers it to now, who has not answered yet (decision 029); null when nobody is offered it. */
  offeredTo: z.string().nullable(),
});
export type OperationsOrder = z.infer<typeof operationsOrderSchema>;

export const carriedOrderSchema = z.object({
  id: z.uuid(),
  shortId: z.string(),
  status: z.enum(ORDER_STATUSES),
});
export type CarriedOrder = z.infer<typeof carriedOrderSchema>;

const operationsRiderSchema = z.object({
  id: z.uuid(),
  fullName: z.string(),
  isAvailable: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  lastLocationUpdate: isoTime.nullable(),
  /** The orders they have accepted and not yet delivered, oldest first. */
  carrying: z.array(carriedOrderSchema),
});
export type OperationsRider = z.infer<typeof operationsRiderSchema>;

/** GET /api/admin/operations */
export const operationsSchema = z.object({
  serverTime: isoTime,
  /** Ready orders without a rider, longest waiting first. */
  waiting: z.array(operationsOrderSchema),
  /** Accepted and picked-up orders with their rider, longest since ready first. */
  onTheRoad: z.array(operationsOrderSchema),
  /** Riders online, the freshest position first. */
  riders: z.array(operationsRiderSchema),
  limit: z.number().int(),
});
export type Operations = z.infer<typeof operationsSchema>;

export const OPERATIONS_MESSAGES = {
  offeredTo: (riderName: string) => `Offered to ${riderName}, waiting for an answer`,
  title: 'Operations',
  loadFailed: 'Failed to load operations',
  noWaiting: 'No order is waiting for a rider',
  noRiders: 'No rider is online',
  cut: (limit: number) => `Only the first ${limit} are shown`,
  noRiderAlert: 'No rider found',
  noRiderAlertDescription: (shortId: string) => `Order ${shortId} is ready and no rider took it: assign it by hand.`,
  assigned: 'Order assigned',
  assignFailed: 'Failed to assign order',
} as const;
