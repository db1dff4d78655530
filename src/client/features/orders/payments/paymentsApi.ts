import { orderViewSchema } from '@shared/orders/schemas.js';
import { cardIntentViewSchema, type CardIntentInput } from '@shared/payments/schemas.js';
import { api } from '@/lib/api.js';

/** Starts a card checkout: the server prices the cart and returns the access code Paystack's popup resumes. */
export const createCardIntent = (input: CardIntentInput) =>
  api('/api/payments/card/intents', { method: 'POST', body: input, schema: cardIntentViewSchema });

/** Asks the server to check the payment with Paystack; answers the order it became. */
export const verifyCardPayment = (reference: string) =>
  api(`/api/payments/card/intents/${encodeURIComponent(reference)}/verify`, { method: 'POST', schema: orderViewSchema });
