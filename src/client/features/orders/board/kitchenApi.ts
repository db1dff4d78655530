import { infiniteQueryOptions } from '@tanstack/react-query';
import { orderMovedSchema, kitchenOrderPageSchema } from '@shared/orders/views.js';
import type { OrderStatus } from '@shared/orders/status.js';
import { api } from '@/lib/api.js';
import type { KitchenTab } from '@shared/orders/views.js';

/** Lost events (decision 006) are caught up with at least this often, even on a board nobody touches. */
const BOARD_REFETCH_MS = 60_000;

/** Every tab of one restaurant's board, for invalidating them together. */
export const kitchenBoardKey = (restaurantId: string) => ['restaurants', restaurantId, 'kitchen'] as const;

/** One tab of the kitchen board, newest first, a page at a time, refetched every minute. */
export const kitchenOrdersQuery = (restaurantId: string, tab: KitchenTab) =>
  infiniteQueryOptions({
    queryKey: [...kitchenBoardKey(restaurantId), tab],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ tab, ...(pageParam ? { cursor: pageParam } : {}) });
      return api(`/api/restaurants/${restaurantId}/orders?${query.toString()}`, { schema: kitchenOrderPageSchema, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: BOARD_REFETCH_MS,
  });

/** Moves an order on; the server refuses a move someone else already made (409) with its reason. */
export const moveOrder = (orderId: string, status: OrderStatus) =>
  api(`/api/orders/${orderId}/status`, { method: 'PATCH', body: { status }, schema: orderMovedSchema });
