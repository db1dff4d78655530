import { describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES, type DeliveryQuoteView } from '@shared/delivery/fees.js';
import { deliveryBlocker, deliveryStatus } from './deliveryQuote.js';

const quote: DeliveryQuoteView = {
  currencySymbol: 'GH₵',
  deliverable: true,
  deliveryFee: 800,
  meters: 2400,
  message: null,
  pinRequired: false,
  minOrderAmount: 2000,
};
const loaded = (data: DeliveryQuoteView) => ({ data, isError: false, isFetching: false });

describe('deliveryStatus', () => {
  it('is the fee when the address is in reach and the food reaches the minimum', () => {
    const status = deliveryStatus(loaded(quote), 2000);
    expect(status).toEqual({ kind: 'ready', fee: 800, symbol: 'GH₵' });
    expect(deliveryBlocker(status)).toBeNull();
  });

  it("says how much more the food needs under the restaurant's minimum", () => {
    const status = deliveryStatus(loaded(quote), 1650);
    const message = DELIVERY_MESSAGES.belowMinimum(2000, 350, 'GH₵');
    expect(message).toBe("This restaurant's minimum order is GH₵20.00: add GH₵3.50 more.");
    expect(status).toEqual({ kind: 'belowMinimum', fee: 800, symbol: 'GH₵', message });
    expect(deliveryBlocker(status)).toBe(message);
  });

  it("is too far with the server's reason when the address is out of reach", () => {
    const message = DELIVERY_MESSAGES.tooFar(16_000, 15_000);
    const status = deliveryStatus(loaded({ ...quote, deliverable: false, deliveryFee: 0, meters: 16_000, message }), 5000);
    expect(status).toEqual({ kind: 'tooFar', message });
    expect(deliveryBlocker(status)).toBe('Too far to deliver');
  });

  it('asks for the delivery location before a fee by distance can be known', () => {
    const unpinned = {
      ...quote,
      deliverable: false,
      deliveryFee: 0,
      meters: null,
      message: DELIVERY_MESSAGES.needsPin,
      pinRequired: true,
    };
    const status = deliveryStatus(loaded(unpinned), 5000);
    expect(status).toEqual({ kind: 'needsPin', message: DELIVERY_MESSAGES.needsPin });
    expect(deliveryBlocker(status)).toBe('Set the delivery location first');
  });

  it('is loading until a quote comes, also while a failed one is tried again, and failed after', () => {
    expect(deliveryStatus({ isError: false, isFetching: true }, 100)).toEqual({ kind: 'loading' });
    expect(deliveryStatus({ isError: true, isFetching: true }, 100)).toEqual({ kind: 'loading' });
    expect(deliveryStatus({ data: quote, isError: true, isFetching: false }, 5000)).toEqual({ kind: 'failed' });
    expect(deliveryBlocker({ kind: 'loading' })).toBe('Working out the delivery fee...');
    expect(deliveryBlocker({ kind: 'failed' })).toBe('The delivery fee could not be worked out.');
  });
});
