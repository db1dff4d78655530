import { z } from 'zod';
import type { OrderStatus } from './status.js';

/**
 * When the customer does not answer (decision 030): at the delivery pin the rider starts a wait
 * of CUSTOMER_WAIT_MINUTES; once it is over they may close the delivery as 'Customer not
 * available' with a photo of the door. A card order's payment is then refunded or kept, as an
 * admin decides once.
 */

/** How near the delivery pin the rider's last position must be to start waiting: a GPS fix in a street of compounds. */
export const AT_THE_DOOR_METRES = 250;

/** What an admin did with a not-available card order's payment. */
export const PAYMENT_DECISIONS = ['refunded', 'kept'] as const;
export type PaymentDecision = (typeof PAYMENT_DECISIONS)[number];

/** POST /api/admin/orders/:id/payment-decision */
export const paymentDecisionSchema = z.object({
  decision: z.enum(PAYMENT_DECISIONS, { message: `The decision is one of ${PAYMENT_DECISIONS.join(', ')}` }),
});
export const paymentDecidedSchema = z.object({ paymentDecision: z.enum(PAYMENT_DECISIONS) });

/** The rider's wait at the door: when it started and when it ends, by the server's clock. */
export const doorWaitSchema = z.object({ startedAt: z.iso.datetime(), endsAt: z.iso.datetime() });
export type DoorWait = z.infer<typeof doorWaitSchema>;

export const NOT_AVAILABLE_MESSAGES = {
  onlyOutForDelivery: 'You can wait for the customer only while the order is out for delivery',
  noPosition: 'Your position is not known yet: turn on location and try again at the delivery pin',
  awayFromPin: (metres: number) =>
    `You are ${Math.round(metres)} m from the delivery pin: start waiting when you are within ${AT_THE_DOOR_METRES} m`,
  alreadyWaiting: 'You are already waiting for this customer',
  notWaiting: 'Start waiting at the door first: you can close the delivery once the wait is over',
  waitNotOver: (seconds: number) => `Please keep waiting: ${formatWaitLeft(seconds)} left before you can close the delivery`,
  photoNeeded: 'Take a photo of the door to close the delivery as not available',
  noPaymentDecision: 'Only a card payment of an order closed as customer not available waits for a decision',
  decidedAlready: 'The payment of this order was decided already',
  waitStarted: 'Waiting for the customer',
  waitFailed: 'Could not start waiting',
  closed: 'Delivery closed: customer not available',
  closeFailed: 'Could not close the delivery',
  refunded: 'The customer will be refunded',
  kept: 'The payment is kept',
  decisionFailed: 'Could not record the decision',
} as const;

/** Seconds as m:ss ('9:05'), the countdown's text and the refusal's. */
export function formatWaitLeft(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Whether an order's card payment waits for an admin's decision: closed as not available, paid, not decided. */
export const awaitsPaymentDecision = (order: {
  status: OrderStatus;
  paymentMethod: string | null;
  paymentStatus: string | null;
  paymentDecision: PaymentDecision | null;
}) =>
  order.status === 'customer_unavailable' &&
  order.paymentMethod === 'paystack-card' &&
  order.paymentStatus === 'completed' &&
  order.paymentDecision === null;
