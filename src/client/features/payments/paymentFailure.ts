import { PAYMENT_MESSAGES } from '@shared/payments/schemas.js';
import { ApiError } from '@/lib/apiError.js';
import { placeOrderFailure } from '@/features/customer/checkoutForm.js';

/** A card payment that did not become an order; its message is what the customer is told. */
export class PaymentFailure extends Error {
  override readonly name = 'PaymentFailure';
}

/** Where a card checkout was when it failed: creating the intent, in Paystack's popup, or verifying. */
export type CardStage = 'starting' | 'paying' | 'verifying';

/** The browser lost the server after paying: the webhook still makes the order, so the customer must not pay again. */
export const UNCONFIRMED =
  'we could not confirm your payment. If you were charged, your order will appear in My Orders shortly; please do not pay again.';

/** How the server's own payment texts begin. */
const SERVER_PAYMENT_TEXTS = [PAYMENT_MESSAGES.verificationFailed(''), PAYMENT_MESSAGES.error('')];

/**
 * What to tell the customer when a card checkout fails at `stage`. The server's payment texts
 * ('Payment verification failed: ...', 'Payment error: ...') are shown as they are; a refused
 * checkout reads like a refused cash order.
 */
export function cardPaymentFailure(error: unknown, stage: CardStage): string {
  if (error instanceof PaymentFailure) return error.message;
  if (!(error instanceof ApiError)) return PAYMENT_MESSAGES.failed;
  if (SERVER_PAYMENT_TEXTS.some((text) => error.message.startsWith(text))) return error.message;
  if (stage === 'starting') return placeOrderFailure(error);
  if (error.code === 'network') return PAYMENT_MESSAGES.error(UNCONFIRMED);
  return error.status < 500 ? PAYMENT_MESSAGES.verificationFailed(error.message) : PAYMENT_MESSAGES.error(error.message);
}
