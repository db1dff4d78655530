import type { OrderView } from '@shared/orders/schemas.js';
import type { CardIntentInput, CardIntentView } from '@shared/payments/schemas.js';
import { cardPaymentFailure, PaymentFailure, type CardStage } from './paymentFailure.js';
import { resumePayment, type PaystackPopConstructor } from './paystack.js';

export interface CardCheckoutSteps {
  createIntent(input: CardIntentInput): Promise<CardIntentView>;
  loadPaystack(): Promise<PaystackPopConstructor>;
  verify(reference: string): Promise<OrderView>;
  /** Told as each stage starts, for the button to say what is happening. */
  onStage(stage: CardStage): void;
}

export type CardCheckoutResult = { placed: true; order: OrderView } | { placed: false };

/**
 * One card checkout (decision 004): the server prices the cart into an intent, Paystack's popup
 * takes the payment, and the server verifies the intent's own reference (never one the popup
 * reports) and answers the order. A customer who leaves the popup gets `placed: false`; every
 * failure is a PaymentFailure carrying the message to show, and what failed as its cause.
 */
export async function payByCard(input: CardIntentInput, steps: CardCheckoutSteps): Promise<CardCheckoutResult> {
  let stage: CardStage = 'starting';
  const enter = (next: CardStage) => {
    stage = next;
    steps.onStage(next);
  };
  try {
    enter('starting');
    const intent = await steps.createIntent(input);
    const PaystackPop = await steps.loadPaystack();
    enter('paying');
    if ((await resumePayment(PaystackPop, intent.accessCode)) === 'cancelled') return { placed: false };
    enter('verifying');
    return { placed: true, order: await steps.verify(intent.reference) };
  } catch (error) {
    throw new PaymentFailure(cardPaymentFailure(error, stage), { cause: error });
  }
}
