import { queryOptions } from '@tanstack/react-query';
import { orderViewListSchema, orderViewSchema, type PlaceOrderInput } from '@shared/orders/schemas.js';
import { api } from '@/lib/api.js';

/** The signed-in customer's orders, newest first. */
export const myOrdersQuery = () =>
  queryOptions({
    queryKey: ['orders', 'mine'],
    queryFn: ({ signal }) => api('/api/orders/mine', { schema: orderViewListSchema, signal }),
  });

/** Places a cash-on-delivery order; the server prices it from the menu and answers with the order as placed. */
export const placeOrder = (input: PlaceOrderInput) =>
  api('/api/orders', { method: 'POST', body: input, schema: orderViewSchema });
