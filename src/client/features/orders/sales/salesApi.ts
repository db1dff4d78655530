import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { salesSummarySchema, type SalesPeriod } from '@shared/orders/sales.js';
import { salesOrderPageSchema, type SALES_TABS } from '@shared/orders/views.js';
import { api } from '@/lib/api.js';

export type SalesTab = (typeof SALES_TABS)[number];

/** Everything on the sales page starts with this key, so one invalidation refreshes it all. */
export const salesKey = (restaurantId: string) => ['sales', restaurantId] as const;

/** The cards and the chart: totals the server sums over the period. */
export const salesSummaryQuery = (restaurantId: string, period: SalesPeriod) =>
  queryOptions({
    queryKey: [...salesKey(restaurantId), 'summary', period],
    queryFn: ({ signal }) =>
      api(`/api/restaurants/${restaurantId}/sales?period=${period}`, { schema: salesSummarySchema, signal }),
  });

/** One tab of transactions over the period, newest first, a page at a time. */
export const transactionsQuery = (restaurantId: string, tab: SalesTab, period: SalesPeriod) =>
  infiniteQueryOptions({
    queryKey: [...salesKey(restaurantId), 'transactions', tab, period],
    queryFn: ({ pageParam, signal }) => {
      const cursor = pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : '';
      return api(`/api/restaurants/${restaurantId}/transactions?tab=${tab}&period=${period}${cursor}`, {
        schema: salesOrderPageSchema,
        signal,
      });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });
