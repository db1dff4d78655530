import { queryOptions } from '@tanstack/react-query';
import { DELIVERY_MESSAGES, deliveryQuoteViewSchema, type DeliveryQuoteView } from '@shared/delivery/fees.js';
import type { LatLng } from '@/components/maps/geolocation.js';
import { api } from '@/lib/api.js';

/** Every delivery quote: invalidated when checkout is refused because the fee, the distance or the minimum changed. */
export const DELIVERY_QUOTE_KEY = ['delivery', 'quote'] as const;

/**
 * GET /api/delivery/quote (public): what checkout will charge for bringing this restaurant's food to the
 * pin (the base fee while there is none), and the restaurant's minimum order. The server's own
 * price, so the one the customer is shown is the one the order is placed at.
 */
export const deliveryQuoteQuery = (restaurantId: string, pin: LatLng | null) =>
  queryOptions({
    queryKey: [...DELIVERY_QUOTE_KEY, restaurantId, pin?.latitude ?? null, pin?.longitude ?? null],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ restaurantId });
      if (pin) {
        query.set('latitude', String(pin.latitude));
        query.set('longitude', String(pin.longitude));
      }
      return api(`/api/delivery/quote?${query}`, { schema: deliveryQuoteViewSchema, auth: false, signal });
    },
  });

/** Where the delivery stands for this cart: what the summary shows and whether the order can be placed. */
export type DeliveryStatus =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'needsPin'; message: string }
  | { kind: 'tooFar'; message: string }
  | { kind: 'belowMinimum'; fee: number; symbol: string; message: string }
  | { kind: 'ready'; fee: number; symbol: string };

/** The query as the status needs it. */
interface QuoteState {
  data?: DeliveryQuoteView;
  isError: boolean;
  isFetching: boolean;
}

/**
 * The delivery of food costing `subtotal` (minor units, at the menu's prices) under a quote: still
 * being worked out (also while a new pin is priced, so the fee shown is never an old one), not
 * known, waiting for the customer's pin, too far, under the restaurant's minimum, or priced.
 */
export function deliveryStatus(quote: QuoteState, subtotal: number): DeliveryStatus {
  if (quote.isError) return quote.isFetching ? { kind: 'loading' } : { kind: 'failed' };
  const { data } = quote;
  if (!data) return { kind: 'loading' };
  if (data.pinRequired && data.meters === null) return { kind: 'needsPin', message: data.message ?? DELIVERY_MESSAGES.needsPin };
  if (!data.deliverable) return { kind: 'tooFar', message: data.message ?? DELIVERY_MESSAGES.tooFarShort };
  const symbol = data.currencySymbol;
  if (subtotal < data.minOrderAmount) {
    const message = DELIVERY_MESSAGES.belowMinimum(data.minOrderAmount, data.minOrderAmount - subtotal, symbol);
    return { kind: 'belowMinimum', fee: data.deliveryFee, symbol, message };
  }
  return { kind: 'ready', fee: data.deliveryFee, symbol };
}

/** Why the order cannot be placed yet, in a few words for beside the button; null when it can. */
export function deliveryBlocker(status: DeliveryStatus): string | null {
  switch (status.kind) {
    case 'loading':
      return 'Working out the delivery fee...';
    case 'failed':
      return 'The delivery fee could not be worked out.';
    case 'needsPin':
      return DELIVERY_MESSAGES.needsPinShort;
    case 'tooFar':
      return DELIVERY_MESSAGES.tooFarShort;
    case 'belowMinimum':
      return status.message;
    case 'ready':
      return null;
  }
}
