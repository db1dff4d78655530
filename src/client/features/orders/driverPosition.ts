import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { DriverPosition } from '@shared/drivers/schemas.js';
import type { OrderView } from '@shared/orders/schemas.js';
import type { Page } from '@shared/paging.js';
import { myOrdersQuery } from './ordersApi.js';

/**
 * My Orders with the driver of one order moved to a new position, seen at `seenAt`. An order whose
 * driver is not loaded yet (its acceptance is still being refetched) is left alone: a position
 * alone cannot say who is coming.
 */
function withDriverPosition<Param>(
  data: InfiniteData<Page<OrderView>, Param> | undefined,
  orderId: string,
  { latitude, longitude }: DriverPosition,
  seenAt: string,
): InfiniteData<Page<OrderView>, Param> | undefined {
  if (!data) return data;
  const moves = (order: OrderView) => order.id === orderId && order.driver !== null;
  if (!data.pages.some((page) => page.items.some(moves))) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((order) =>
        moves(order) && order.driver
          ? { ...order, driver: { ...order.driver, latitude, longitude, lastLocationUpdate: seenAt } }
          : order,
      ),
    })),
  };
}

/**
 * Shows a driver.location event of order:<id> on My Orders by writing it into the cached active list:
 * a driver sends a position every few seconds, and refetching the whole list for each would be
 * wasteful. The event carries no time, so the position is stamped when it arrives. A refetch
 * already under way (a status event started it) may have read the list before this position was
 * stored and would put the old one back: the position is written again once it has landed. It is
 * not started again: on a slow network a refetch outlasts the few seconds between positions, and
 * restarting it for each would keep the list from ever arriving.
 */
export function applyDriverPosition(queryClient: QueryClient, orderId: string, position: DriverPosition, seenAt = new Date()) {
  const { queryKey } = myOrdersQuery('active');
  const write = () =>
    queryClient.setQueryData(queryKey, (data) => withDriverPosition(data, orderId, position, seenAt.toISOString()));
  write();
  const cache = queryClient.getQueryCache();
  const list = cache.find({ queryKey, exact: true });
  if (list?.state.fetchStatus !== 'fetching') return;
  const stop = cache.subscribe(({ query }) => {
    if (query !== list || query.state.fetchStatus === 'fetching') return;
    stop();
    write();
  });
}
