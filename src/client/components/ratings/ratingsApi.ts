import { givenRatingSchema, type RateOrderInput } from '@shared/ratings/schemas.js';
import { api } from '@/lib/api.js';

/** Rates the customer's delivered order, once; the server answers with the rating as kept. */
export const rateOrder = (orderId: string, rating: RateOrderInput) =>
  api(`/api/orders/${orderId}/rating`, { method: 'POST', body: rating, schema: givenRatingSchema });
