import { describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES } from '@shared/delivery/fees.js';
import type { OrderView } from '@shared/orders/schemas.js';
import { PAYMENT_MESSAGES, type CardIntentInput } from '@shared/payments/schemas.js';
import { ApiError, NETWORK_MESSAGE } from '@/lib/apiError.js';
import { payByCard, type CardCheckoutSteps } from './cardCheckout.js';
import { PaymentFailure, UNCONFIRMED, type CardStage } from './paymentFailure.js';
import type { PaystackCallbacks, PaystackPopConstructor } from './paystack.js';

const input: CardIntentInput = {
  restaurantId: '0b6f3c52-3f0e-4b8e-9f5e-6a1d2c3b4a50',
  items: [{ menuItemId: '5c0d7a3e-1b2c-4d5e-8f90-a1b2c3d4e5f6', quantity: 2, choiceIds: [] }],
  deliveryAddress: '14 Ring Road, Osu',
  deliveryPhone: '+233 24 123 4567',
  tipAmount: 500,
  deliveryFee: 800,
};
const intent = { reference: 'chop-' + 'a'.repeat(40), accessCode: 'access-1', amount: 9000, currency: 'GHS' };
const order = { id: 'order-1', shortId: 'order-1' } as OrderView;

type PopupAnswer = 'success' | 'cancel' | 'error';

/** Steps that succeed unless told otherwise, recording what the flow asked for. */
function steps(overrides: Partial<CardCheckoutSteps> = {}, popup: PopupAnswer = 'success') {
  const log = { stages: [] as CardStage[], verified: [] as string[], opened: [] as string[] };
  const PaystackPop = class {
    resumeTransaction(accessCode: string, callbacks: PaystackCallbacks) {
      log.opened.push(accessCode);
      if (popup === 'success') callbacks.onSuccess({ reference: 'chop-the-popup-says-otherwise' });
      else if (popup === 'cancel') callbacks.onCancel();
      else callbacks.onError({ message: 'declined' });
    }
  } as PaystackPopConstructor;
  const all: CardCheckoutSteps = {
    createIntent: () => Promise.resolve(intent),
    loadPaystack: () => Promise.resolve(PaystackPop),
    verify: (reference) => {
      log.verified.push(reference);
      return Promise.resolve(order);
    },
    onStage: (stage) => log.stages.push(stage),
    ...overrides,
  };
  return { all, log };
}

const failureOf = async (run: Promise<unknown>): Promise<string> => {
  const error: unknown = await run.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PaymentFailure);
  // What failed stays its cause, for the checkout to see a refused delivery price.
  expect((error as PaymentFailure).cause).toBeDefined();
  return (error as PaymentFailure).message;
};

describe('payByCard', () => {
  it("pays in Paystack's popup, verifies the intent's own reference and answers the order", async () => {
    const { all, log } = steps();
    expect(await payByCard(input, all)).toEqual({ placed: true, order });
    expect(log.opened).toEqual(['access-1']);
    expect(log.verified).toEqual([intent.reference]);
    expect(log.stages).toEqual(['starting', 'paying', 'verifying']);
  });

  it('places nothing and verifies nothing when the customer cancels the popup', async () => {
    const { all, log } = steps({}, 'cancel');
    expect(await payByCard(input, all)).toEqual({ placed: false });
    expect(log.verified).toEqual([]);
  });

  it("says 'Payment Failed' when Paystack reports an error, and never verifies", async () => {
    const { all, log } = steps({}, 'error');
    expect(await failureOf(payByCard(input, all))).toBe(PAYMENT_MESSAGES.failed);
    expect(log.verified).toEqual([]);
  });

  it("says 'Failed to load Paystack script' when the script does not load, before any popup", async () => {
    const { all, log } = steps({ loadPaystack: () => Promise.reject(new PaymentFailure(PAYMENT_MESSAGES.scriptFailed)) });
    expect(await failureOf(payByCard(input, all))).toBe(PAYMENT_MESSAGES.scriptFailed);
    expect(log.opened).toEqual([]);
  });

  it("shows the server's refusal of the checkout like a refused cash order, and its payment error as is", async () => {
    const refused = steps({
      createIntent: () => Promise.reject(new ApiError(422, 'unprocessable', 'No longer available: Kelewele')),
    });
    expect(await failureOf(payByCard(input, refused.all))).toBe('Failed to place order. No longer available: Kelewele');
    const feeChanged = DELIVERY_MESSAGES.feeChanged(1000, 'GH₵');
    const repriced = steps({ createIntent: () => Promise.reject(new ApiError(409, 'conflict', feeChanged)) });
    expect(await failureOf(payByCard(input, repriced.all))).toBe(`Failed to place order. ${feeChanged}`);
    const outage = PAYMENT_MESSAGES.error(PAYMENT_MESSAGES.providerUnavailable);
    const down = steps({ createIntent: () => Promise.reject(new ApiError(502, 'internal', outage)) });
    expect(await failureOf(payByCard(input, down.all))).toBe(outage);
  });

  it("shows the server's 'Payment verification failed: ...' and 'Payment error: ...' as they are", async () => {
    const message = PAYMENT_MESSAGES.verificationFailed(PAYMENT_MESSAGES.notPaid);
    const refused = steps({ verify: () => Promise.reject(new ApiError(422, 'unprocessable', message)) });
    expect(await failureOf(payByCard(input, refused.all))).toBe(message);
    const notFound = steps({ verify: () => Promise.reject(new ApiError(404, 'not_found', PAYMENT_MESSAGES.intentNotFound)) });
    expect(await failureOf(payByCard(input, notFound.all))).toBe(PAYMENT_MESSAGES.verificationFailed('Payment not found'));
  });

  it('tells a customer whose verify never reached the server not to pay again', async () => {
    const { all } = steps({ verify: () => Promise.reject(new ApiError(0, 'network', NETWORK_MESSAGE)) });
    expect(await failureOf(payByCard(input, all))).toBe(PAYMENT_MESSAGES.error(UNCONFIRMED));
  });

  it('tells a customer whose verify met an outage after paying not to pay again, not to try again', async () => {
    const outage = PAYMENT_MESSAGES.error(PAYMENT_MESSAGES.providerUnavailable);
    const { all } = steps({ verify: () => Promise.reject(new ApiError(502, 'internal', outage)) });
    expect(await failureOf(payByCard(input, all))).toBe(PAYMENT_MESSAGES.error(UNCONFIRMED));
  });
});
