import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { orderViewSchema, type OrderView, type PlaceOrderInput } from '@shared/orders/schemas.js';
import { customerOrderPageSchema } from '@shared/orders/views.js';
import type { Page } from '@shared/paging.js';
import { api } from '@/lib/api.js';

/** The signed-in customer's orders, newest first, a page at a time (the server decides where pages end). */
export const myOrdersQuery = () =>
  infiniteQueryOptions({
    queryKey: ['orders', 'mine'],
    queryFn: ({ pageParam, signal }) =>
      api(pageParam ? `/api/orders/mine?cursor=${encodeURIComponent(pageParam)}` : '/api/orders/mine', {
        schema: customerOrderPageSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** My Orders with a just-placed order at the top (once, even if the list already has it). */
export function withPlacedOrder<Param>(
  data: InfiniteData<Page<OrderView>, Param> | undefined,
  order: OrderView,
): InfiniteData<Page<OrderView>, Param> | undefined {
  if (!data) return data;
  const [first, ...rest] = data.pages.map((page) => ({ ...page, items: page.items.filter(({ id }) => id !== order.id) }));
  if (!first) return data;
  return { ...data, pages: [{ ...first, items: [order, ...first.items] }, ...rest] };
}

/** Places a cash-on-delivery order; the server prices it from the menu and answers with the order as placed. */
export const placeOrder = (input: PlaceOrderInput) =>
  api('/api/orders', { method: 'POST', body: input, schema: orderViewSchema });
