import { queryOptions } from '@tanstack/react-query';
import { deliveryPricingListSchema } from '@shared/delivery/fees.js';
import { api } from './api.js';

/** Prices and the riders' speed change seldom (admin Settings, the server's configuration); checkout asks the server for the exact fee anyway. */
const PRICING_STALE_MS = 10 * 60_000;

/**
 * GET /api/delivery/pricing: what a delivery costs in each currency and how fast riders ride, for
 * the cards to price and time deliveries themselves and My Orders to time a rider on the way.
 */
export const deliveryPricingQuery = () =>
  queryOptions({
    queryKey: ['delivery', 'pricing'],
    queryFn: ({ signal }) => api('/api/delivery/pricing', { schema: deliveryPricingListSchema, auth: false, signal }),
    staleTime: PRICING_STALE_MS,
  });
