import {
  DELIVERY_MESSAGES,
  deliveryShareOf,
  quoteDelivery,
  roadMeters,
  type DeliveryQuote,
  type DeliveryQuoteView,
  type Pin,
} from '@shared/delivery/fees.js';
import { conflict, unprocessable } from '../../http/errors.js';
import type { CheckoutKitchen } from './kitchen.js';

/** A delivery as an order is charged for it (decision 022): the fee, the platform's share of it, the road distance. */
export interface DeliveryTerms {
  fee: number;
  share: number;
  meters: number | null;
}

/** No delivery charged: an unknown restaurant's, or a card intent's made before delivery fees. */
export const NO_DELIVERY: DeliveryTerms = { fee: 0, share: 0, meters: null };

/** The delivery pin of a checkout or quote, when both coordinates were given. */
export const pinOf = (latitude: number | null | undefined, longitude: number | null | undefined): Pin | null =>
  latitude != null && longitude != null ? { latitude, longitude } : null;

/**
 * Whether the delivery is priced by distance (the currency has fees and the restaurant a pin to
 * measure from), so that it cannot be priced without the customer's pin. Without this the distance
 * limit could be passed by leaving the pin out.
 */
const pinRequired = (kitchen: CheckoutKitchen): boolean => kitchen.pin !== null && kitchen.pricing !== undefined;
const needsPin = (kitchen: CheckoutKitchen, pin: Pin | null): boolean => pin === null && pinRequired(kitchen);

/** What delivering from the kitchen to `pin` costs: shared/delivery/fees.ts, the one formula browsers also use. */
function quoteFor(kitchen: CheckoutKitchen, pin: Pin | null): DeliveryQuote {
  const meters = kitchen.pin && pin ? roadMeters(kitchen.pin, pin, kitchen.roadFactorPercent) : null;
  return quoteDelivery(kitchen.pricing, meters);
}

/** GET /api/delivery/quote's answer. */
export function toQuoteView(kitchen: CheckoutKitchen, pin: Pin | null): DeliveryQuoteView {
  const common = {
    currencySymbol: kitchen.currencySymbol,
    minOrderAmount: kitchen.minOrderAmount,
    pinRequired: pinRequired(kitchen),
  };
  if (needsPin(kitchen, pin)) {
    return { ...common, deliverable: false, deliveryFee: 0, meters: null, message: DELIVERY_MESSAGES.needsPin };
  }
  const quote = quoteFor(kitchen, pin);
  return {
    ...common,
    deliverable: quote.deliverable,
    deliveryFee: quote.deliverable ? quote.fee : 0,
    meters: quote.meters,
    message: quote.deliverable ? null : DELIVERY_MESSAGES.tooFar(quote.meters, quote.maxMeters),
  };
}

/**
 * The delivery a checkout charges for: refused (422) beyond the restaurant's distance or without
 * the pin its fee is measured to, and (409) when the customer was shown another fee (`shownFee`:
 * the pricing changed since, or the request was tampered with). No kitchen (an unknown restaurant): nothing to charge, and the checkout's
 * own refusal says why.
 */
export function deliveryTerms(kitchen: CheckoutKitchen | undefined, pin: Pin | null, shownFee?: number): DeliveryTerms {
  if (!kitchen) return NO_DELIVERY;
  if (needsPin(kitchen, pin)) throw unprocessable(DELIVERY_MESSAGES.needsPin);
  const quote = quoteFor(kitchen, pin);
  if (!quote.deliverable) throw unprocessable(DELIVERY_MESSAGES.tooFar(quote.meters, quote.maxMeters));
  if (shownFee !== undefined && shownFee !== quote.fee) {
    throw conflict(DELIVERY_MESSAGES.feeChanged(quote.fee, kitchen.currencySymbol));
  }
  return { fee: quote.fee, share: deliveryShareOf(quote.fee, kitchen.deliveryShareBps), meters: quote.meters };
}
