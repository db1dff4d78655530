import { z } from 'zod';
import { requiredText, uuidSchema } from '../fields.js';
import { BATCH_DISTANCE_M } from '../drivers/batching.js';
import { isActive, isOnTheRoad, type OrderStatus } from './status.js';

/**
 * Support bringing an order to an end by hand (decision 003): an admin may close any unfinished
 * order as delivered or cancelled, whatever its driver's state, with a reason that is kept, or
 * give it to another driver. Each is one command judged by the server's policy.
 */

const CLOSE_OUTCOMES = ['delivered', 'cancelled'] as const satisfies readonly OrderStatus[];
export type CloseOutcome = (typeof CLOSE_OUTCOMES)[number];

/** What a paid card order's cancellation does with the payment: give it all back, or keep it (the food was eaten). */
const REFUND_CHOICES = ['full', 'none'] as const;
export type RefundChoice = (typeof REFUND_CHOICES)[number];

const CLOSE_REASON_MIN = 3;
export const CLOSE_REASON_MAX = 300;

export const CLOSURE_MESSAGES = {
  reasonRequired: 'Please give a reason',
  reasonTooShort: `The reason needs at least ${CLOSE_REASON_MIN} characters`,
  reasonTooLong: `The reason is at most ${CLOSE_REASON_MAX} characters`,
  refundChoiceNeeded: 'This order was paid by card: say whether the payment is refunded',
  noDriverToChange: 'Only an order with a driver, or a ready one waiting for a driver, can be given to another driver',
  sameDriver: 'This order is already with that driver',
  driverNotEligible: 'Only a verified driver whose account is enabled can be given an order',
  driverBusy: 'That driver is already on another delivery',
  driverFull: 'That driver carries as many orders as they may at once',
  driverTooFar: `That driver collects from a restaurant more than ${BATCH_DISTANCE_M} m from this order's`,
  driverNotFound: 'No such driver',
  closedDelivered: 'Order closed as delivered',
  closedCancelled: 'Order closed as cancelled',
  closeFailed: 'Failed to close order',
  reassigned: 'Order given to another driver',
  reassignFailed: 'Failed to reassign order',
  takeBackPickedUp:
    'This order is picked up: the rider has the food, so it cannot be taken back. Reassign it or close it instead',
  takeBackImpossible: 'Only an order a rider has accepted, before pickup, can be taken back',
  alreadyWaiting: 'This order is already waiting for a rider',
  takenBack: 'Order taken back',
  takeBackFailed: 'Failed to take back order',
} as const;

/** Text the customer may see (a cancelled order shows it): no names, phone numbers or addresses. */
export const closeReasonField = () =>
  requiredText(CLOSE_REASON_MAX, CLOSURE_MESSAGES.reasonRequired, CLOSURE_MESSAGES.reasonTooLong).min(
    CLOSE_REASON_MIN,
    CLOSURE_MESSAGES.reasonTooShort,
  );

/** POST /api/admin/orders/:id/close. `refund` is needed only to cancel an order paid by card. */
export const closeOrderSchema = z.object({
  outcome: z.enum(CLOSE_OUTCOMES, { message: `The outcome is one of ${CLOSE_OUTCOMES.join(', ')}` }),
  reason: closeReasonField(),
  refund: z.enum(REFUND_CHOICES, { message: `The refund is one of ${REFUND_CHOICES.join(', ')}` }).optional(),
});
export type CloseOrder = z.output<typeof closeOrderSchema>;

/** POST /api/admin/orders/:id/reassign */
export const reassignOrderSchema = z.object({ driverId: uuidSchema('That is not a valid driver id') });

/** Whether support may close an order in this status: any order not finished yet. */
export const mayClose = (status: OrderStatus) => isActive(status);

/** Whether support may give the order to another driver: one with a driver on the road, or a ready one without. */
export const mayReassign = (order: { status: OrderStatus; driverId: string | null }) =>
  isOnTheRoad(order.status) || (order.status === 'ready' && order.driverId === null);

/**
 * Whether support may take the order back from its rider (POST /api/admin/orders/:id/take-back):
 * one accepted and not picked up yet, which goes back to waiting for a rider.
 */
export const mayTakeBack = (order: { status: OrderStatus; driverId: string | null }) =>
  order.status === 'accepted' && order.driverId !== null;

/** The status a reassigned order takes: a ready order is accepted by its new driver, the others stay where they are. */
export const statusAfterReassign = (status: OrderStatus): OrderStatus => (status === 'ready' ? 'accepted' : status);

/** What the customer is shown of a cancellation by support. */
export const cancelledBySupport = (reason: string) => `Cancelled by support: ${reason}`;
