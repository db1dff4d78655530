import { PAYMENT_MESSAGES } from '@shared/payments/schemas.js';
import { ApiError } from '@/lib/apiError.js';
import { placeOrderFailure } from '../checkout/checkoutForm.js';

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
 * What to tell the customer when a card checkout fails at `stage`. A verify that did not get an
 * answer (the network, a 5xx such as Paystack being unreachable) tells them not to pay again,
 * since the webhook still makes the order; otherwise the server's payment texts ('Payment
 * verification failed: ...', 'Payment error: ...') are shown as they are, and a refused
 * checkout reads like a refused cash order.
 */
export function cardPaymentFailure(error: unknown, stage: CardStage): string {
  if (error instanceof PaymentFailure) return error.message;
  if (!(error instanceof ApiError)) return PAYMENT_MESSAGES.failed;
  // After the popup took the money, only a refusal is final: an outage must never read as 'try again'.
  if (stage === 'verifying' && (error.code === 'network' || error.status >= 500)) return PAYMENT_MESSAGES.error(UNCONFIRMED);
  if (SERVER_PAYMENT_TEXTS.some((text) => error.message.startsWith(text))) return error.message;
  if (stage === 'starting') return placeOrderFailure(error);
  return PAYMENT_MESSAGES.verificationFailed(error.message);
}
