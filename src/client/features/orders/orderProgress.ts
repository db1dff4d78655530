import type { OrderStatus } from '@shared/orders/status.js';

export type StepState = 'done' | 'current' | 'upcoming';

/**
 * The steps the customer follows, each the statuses that show it as current, in the order of the
 * status machine (shared/orders/status.ts). A driver heading to the restaurant (accepted) is still
 * the Ready step: the food is on the way only once picked up. Cancelled and not available are no steps.
 */
export const PROGRESS_STEPS = [
  { label: 'Placed', statuses: ['pending'] },
  { label: 'Confirmed', statuses: ['confirmed'] },
  { label: 'Preparing', statuses: ['preparing'] },
  { label: 'Ready', statuses: ['ready', 'accepted'] },
  { label: 'On the way', statuses: ['picked_up'] },
  { label: 'Delivered', statuses: ['delivered'] },
] as const satisfies readonly { label: string; statuses: readonly OrderStatus[] }[];

export type ProgressStep = (typeof PROGRESS_STEPS)[number];

/** Each step with how far the order has come; null for an order that left the steps (cancelled, customer not available). */
export function progressOf(status: OrderStatus): { step: ProgressStep; state: StepState }[] | null {
  const current = PROGRESS_STEPS.findIndex((step) => (step.statuses as readonly OrderStatus[]).includes(status));
  if (current < 0) return null;
  return PROGRESS_STEPS.map((step, index) => ({
    step,
    state: index < current ? 'done' : index === current ? 'current' : 'upcoming',
  }));
}

/** What each status means for the customer, in a sentence under the tracker. */
export const STATUS_DESCRIPTIONS: Record<OrderStatus, string> = {
  pending: 'Waiting for the restaurant to confirm your order.',
  confirmed: 'The restaurant has confirmed your order.',
  preparing: 'The kitchen is cooking your food.',
  ready: 'Your food is packed and waiting for a driver.',
  accepted: 'A driver is on the way to the restaurant to collect your food.',
  picked_up: 'Your driver has your food and is on the way to you.',
  delivered: 'Your food was delivered. Enjoy your meal!',
  cancelled: 'This order was cancelled.',
  customer_unavailable: 'Your driver waited at your door but could not reach you, so the delivery was closed.',
};
