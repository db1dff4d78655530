import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query';
import { orderViewSchema, type OrderView, type PlaceOrderInput } from '@shared/orders/schemas.js';
import { customerOrderPageSchema, type MyOrderTab } from '@shared/orders/views.js';
import type { Page } from '@shared/paging.js';
import { api } from '@/lib/api.js';

/** Both lists of My Orders: invalidating this key refetches them together, as an order moves from one to the other. */
export const MY_ORDERS_KEY = ['orders', 'mine'] as const;

/** Past orders are compact rows: a short page keeps the screen short. */
const PAGE_SIZES: Record<MyOrderTab, number> = { active: 20, past: 10 };

/** The signed-in customer's active or past orders, newest first, a page at a time (the server decides where pages end). */
export const myOrdersQuery = (tab: MyOrderTab) =>
  infiniteQueryOptions({
    queryKey: [...MY_ORDERS_KEY, tab],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ tab, limit: String(PAGE_SIZES[tab]) });
      if (pageParam) query.set('cursor', pageParam);
      return api(`/api/orders/mine?${query}`, { schema: customerOrderPageSchema, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** The active orders with a just-placed order at the top (once, even if the list already has it). */
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
