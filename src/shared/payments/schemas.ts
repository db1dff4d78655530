import { z } from 'zod';
import { checkoutDetailsShape, locationPair } from '../orders/schemas.js';

/** What a customer is told when a card payment is cancelled, fails, is refused or cannot be checked or offered. */
export const PAYMENT_MESSAGES = {
  failed: 'Payment Failed - There was an error processing your payment. Please try again.',
  verificationFailed: (reason: string) => `Payment verification failed: ${reason}`,
  error: (reason: string) => `Payment error: ${reason}`,
  cancelled: 'Payment cancelled',
  scriptFailed: 'Failed to load Paystack script',
  missingKey: 'Missing Paystack public key',
  invalidKey: 'Invalid Paystack public key format...',
  cardDisabled: 'Card payments are not available: this server has no Paystack keys',
  invalidReference: 'That is not a valid payment reference',
  intentNotFound: 'Payment not found',
  notPaid: 'the payment was not completed',
  declined: 'the payment failed and nothing was charged',
  mismatch: 'the amount or currency paid does not match the order. Our team will review it.',
  providerUnavailable: 'Paystack could not be reached. Please try again.',
  underReview: 'This payment is being reviewed by our team',
  expired: 'This payment has expired. Please check out again.',
  restaurantClosed: 'the restaurant is no longer taking orders',
  itemsGone: (names: string) => `${names} can no longer be ordered`,
  paidAfterExpiry: 'the payment arrived after the checkout had expired',
  orderCancelled: 'the order was cancelled',
  customerNotAvailable: 'the rider could not reach you at the door',
  willBeRefunded: (reason: string) => `${reason.charAt(0).toUpperCase()}${reason.slice(1)}. Your payment will be refunded.`,
} as const;

/** A card checkout: the same cart and delivery details as cash; the server prices it. */
export const cardIntentSchema = z.object({ ...checkoutDetailsShape }).refine(...locationPair);
export type CardIntentInput = z.output<typeof cardIntentSchema>;

/** References the server makes: a prefix and 40 hex digits (160 random bits), which Paystack accepts. */
const PAYMENT_REFERENCE_PATTERN = /^chop-[0-9a-f]{40}$/;

export const paymentReferenceParamsSchema = z.object({
  reference: z
    .string({ message: PAYMENT_MESSAGES.invalidReference })
    .max(64, PAYMENT_MESSAGES.invalidReference)
    .toLowerCase()
    .regex(PAYMENT_REFERENCE_PATTERN, PAYMENT_MESSAGES.invalidReference),
});

/** What the browser needs to open Paystack's popup (resumeTransaction). */
export const cardIntentViewSchema = z.object({
  reference: z.string(),
  accessCode: z.string(),
  /** Minor units, as charged. */
  amount: z.number().int(),
  /** ISO code, e.g. GHS. */
  currency: z.string(),
});
export type CardIntentView = z.infer<typeof cardIntentViewSchema>;

export const webhookReceiptSchema = z.object({ received: z.literal(true) });
