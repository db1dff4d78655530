import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { KITCHEN_TABS, kitchenTabOf, type KitchenOrderView, type KitchenTab } from '@shared/orders/views.js';
import { STATUS_LABELS, type OrderStatus } from '@shared/orders/status.js';
import type { Page } from '@shared/paging.js';
import type { RealtimeEvent } from '@shared/realtime/events.js';
import { kitchenBoardKey, kitchenOrdersQuery } from './kitchenApi.js';

/**
 * One tab of the board after an order moved to `status`: the card shows its new status, or
 * leaves the tab it no longer belongs to. A card joining a tab comes with the refetch that
 * follows, since the event carries only the status.
 */
export function withOrderStatus<Param>(
  data: InfiniteData<Page<KitchenOrderView>, Param> | undefined,
  tab: KitchenTab,
  orderId: string,
  status: OrderStatus,
): InfiniteData<Page<KitchenOrderView>, Param> | undefined {
  if (!data) return data;
  const stays = kitchenTabOf(status) === tab;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.flatMap((order) => {
        if (order.id !== orderId) return [order];
        return stays ? [{ ...order, status, statusLabel: STATUS_LABELS[status] }] : [];
      }),
    })),
  };
}

/** Shows a move on the board at once (a card changes or leaves its tab), then refetches both tabs to be sure. */
export function applyBoardMove(queryClient: QueryClient, restaurantId: string, orderId: string, status: OrderStatus): void {
  for (const tab of KITCHEN_TABS) {
    queryClient.setQueryData(kitchenOrdersQuery(restaurantId, tab).queryKey, (data) =>
      withOrderStatus(data, tab, orderId, status),
    );
  }
  void queryClient.invalidateQueries({ queryKey: kitchenBoardKey(restaurantId) });
}

/** Applies an event of topic restaurant:<id> to its board: a new order refetches Active Orders; a move changes or moves its card. */
export function applyKitchenEvent(queryClient: QueryClient, restaurantId: string, event: RealtimeEvent): void {
  if (event.type === 'order.created') {
    void queryClient.invalidateQueries({ queryKey: kitchenOrdersQuery(restaurantId, 'active').queryKey });
  } else if (event.type === 'order.status') {
    applyBoardMove(queryClient, restaurantId, event.orderId, event.status);
  }
}
