import { z } from 'zod';
import { distanceMeters } from '../drivers/schemas.js';
import { commissionFor, formatMoney } from '../money.js';

/**
 * Delivery fees (decision 022). One formula, here, prices every delivery: the server's checkout
 * and quote, the cards and the cart in the browser. Distance is the straight line between the
 * restaurant's pin and the delivery pin times the road factor; the fee is the base fee up to the
 * included distance, then the rate for each started kilometre beyond it. Beyond the longest
 * distance there is no delivery. A currency without pricing delivers free at any distance.
 */

/** What a delivery costs in one currency, minor units and metres (admin Settings). */
export const deliveryPricingSchema = z.object({
  currencySymbol: z.string(),
  baseFee: z.number().int().min(0),
  perKmFee: z.number().int().min(0),
  includedMeters: z.number().int().min(0),
  maxMeters: z.number().int().min(1),
});
export type DeliveryPricing = z.infer<typeof deliveryPricingSchema>;

/** GET /api/delivery/pricing: everything a browser needs to price a delivery itself (cards, cart). */
export const deliveryPricingListSchema = z.object({
  /** Road distance as a percentage of the straight line: 130 = 1.3 times. */
  roadFactorPercent: z.number().int(),
  /** The riders' average speed (km/h, DELIVERY_AVERAGE_SPEED_KMH), for delivery times (decision 026). */
  averageSpeedKmh: z.number().positive(),
  currencies: z.array(deliveryPricingSchema),
});
export type DeliveryPricingList = z.infer<typeof deliveryPricingListSchema>;

export interface Pin {
  latitude: number;
  longitude: number;
}

/** The road distance between two pins, in whole metres, rounded up. */
export const roadMeters = (from: Pin, to: Pin, roadFactorPercent: number): number =>
  Math.ceil((distanceMeters(from, to) * roadFactorPercent) / 100);

export type DeliveryQuote =
  { deliverable: true; fee: number; meters: number | null } | { deliverable: false; meters: number; maxMeters: number };

/**
 * The fee for a delivery of `meters` (null for a restaurant without a pin: the base fee, since
 * the distance cannot be known; a customer without one is asked for it first) under `pricing`
 * (undefined: free).
 */
export function quoteDelivery(pricing: DeliveryPricing | undefined, meters: number | null): DeliveryQuote {
  if (!pricing) return { deliverable: true, fee: 0, meters };
  if (meters === null) return { deliverable: true, fee: pricing.baseFee, meters };
  if (meters > pricing.maxMeters) return { deliverable: false, meters, maxMeters: pricing.maxMeters };
  const extraKm = Math.ceil(Math.max(0, meters - pricing.includedMeters) / 1000);
  return { deliverable: true, fee: pricing.baseFee + extraKm * pricing.perKmFee, meters };
}

/** The platform's share of a delivery fee (basis points, half up, as commission); the rider earns the rest and the whole tip. */
export const deliveryShareOf = (fee: number, shareBps: number): number => commissionFor(fee, shareBps);

/** Kilometres for people: '3.4 km'. */
const formatKm = (meters: number): string => `${(meters / 1000).toFixed(1)} km`;

export const DELIVERY_MESSAGES = {
  tooFar: (meters: number, maxMeters: number) =>
    `Too far to deliver: this address is ${formatKm(meters)} away by road and this restaurant delivers up to ${formatKm(maxMeters)}.`,
  tooFarShort: 'Too far to deliver',
  needsPin: 'Set the delivery location on the map: the delivery fee depends on how far the food goes.',
  needsPinShort: 'Set the delivery location first',
  belowMinimum: (minimum: number, short: number, symbol: string) =>
    `This restaurant's minimum order is ${formatMoney(minimum, symbol)}: add ${formatMoney(short, symbol)} more.`,
  feeChanged: (fee: number, symbol: string) =>
    `The delivery fee is now ${formatMoney(fee, symbol)}. Please review your order and place it again.`,
  feeLabel: (fee: number, symbol: string) => (fee === 0 ? 'Free delivery' : `Delivery ${formatMoney(fee, symbol)}`),
} as const;

const coordinate = (limit: number) => z.coerce.number().min(-limit).max(limit);

/** GET /api/delivery/quote's query: a restaurant and, once known, the delivery pin. */
export const deliveryQuoteQuerySchema = z
  .object({
    restaurantId: z.uuid({ message: 'That is not a valid restaurant id' }),
    latitude: coordinate(90).optional(),
    longitude: coordinate(180).optional(),
  })
  .refine((q) => (q.latitude === undefined) === (q.longitude === undefined), {
    message: 'The delivery location needs both latitude and longitude',
    path: ['latitude'],
  });
export type DeliveryQuoteQuery = z.output<typeof deliveryQuoteQuerySchema>;

/** What checkout will charge for delivering this restaurant's food to a pin, and its minimum order. */
export const deliveryQuoteViewSchema = z.object({
  currencySymbol: z.string(),
  deliverable: z.boolean(),
  /** Minor units; 0 when not deliverable. */
  deliveryFee: z.number().int(),
  /** The road distance, when both pins are known. */
  meters: z.number().int().nullable(),
  /** Why not deliverable ('Too far to deliver: …'); null when it is. */
  message: z.string().nullable(),
  /** Fees go by distance from the restaurant's pin, so checkout needs the customer's: not deliverable until it is set. */
  pinRequired: z.boolean(),
  /** The smallest food subtotal the restaurant takes; 0 for none. */
  minOrderAmount: z.number().int(),
});
export type DeliveryQuoteView = z.infer<typeof deliveryQuoteViewSchema>;
