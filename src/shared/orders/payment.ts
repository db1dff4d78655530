import type { OrderView } from './schemas.js';

/** How an order is paid, as the customer and the kitchen read it: a refunded card payment says so. */
export function paymentLabel(order: Pick<OrderView, 'paymentMethod' | 'paymentStatus'>): string | null {
  if (order.paymentMethod === 'cash') return 'Cash on delivery';
  if (order.paymentMethod === 'paystack-card')
    return order.paymentStatus === 'refunded' ? 'Card payment refunded' : 'Paid by card';
  return null;
}
