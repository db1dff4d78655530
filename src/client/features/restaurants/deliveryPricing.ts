import { DELIVERY_MESSAGES, quoteDelivery, roadMeters, type DeliveryPricingList, type Pin } from '@shared/delivery/fees.js';
import type { PublicRestaurant } from '@shared/restaurants/schemas.js';

export interface CardDelivery {
  /** 'Delivery GH₵8.00', 'Free delivery' or 'Too far to deliver'. */
  label: string;
  deliverable: boolean;
}

/**
 * What bringing this restaurant's food to `location` costs, worked out in the browser with the
 * formula checkout uses (src/shared/delivery/fees.ts); null while the pricing, the customer's
 * place or the restaurant's pin is unknown, as no honest figure can be shown then.
 */
export function cardDelivery(
  pricing: DeliveryPricingList | undefined,
  restaurant: Pick<PublicRestaurant, 'latitude' | 'longitude' | 'currencySymbol'>,
  location: Pin | null,
): CardDelivery | null {
  if (!pricing || !location || restaurant.latitude === null || restaurant.longitude === null) return null;
  const meters = roadMeters(
    { latitude: restaurant.latitude, longitude: restaurant.longitude },
    location,
    pricing.roadFactorPercent,
  );
  const currency = pricing.currencies.find((candidate) => candidate.currencySymbol === restaurant.currencySymbol);
  const quote = quoteDelivery(currency, meters);
  return quote.deliverable
    ? { label: DELIVERY_MESSAGES.feeLabel(quote.fee, restaurant.currencySymbol), deliverable: true }
    : { label: DELIVERY_MESSAGES.tooFarShort, deliverable: false };
}
