import { infiniteQueryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import type { OrderStatus } from '@shared/orders/status.js';
import { adminOrderPageSchema, orderMovedSchema } from '@shared/orders/views.js';
import { api } from '@/lib/api.js';

/** Orders change hands all the time and no realtime topic carries every order: the list refetches this often, and on focus. */
export const ADMIN_ORDERS_REFETCH_MS = 60_000;

/** Every list of Order Management starts with this key, so one invalidation refreshes them all. */
export const ADMIN_ORDERS_KEY = ['admin', 'orders'] as const;

export interface AdminOrderSearch {
  /** Sent only once it has the 3 characters the server needs; '' for every order. */
  text: string;
  status: OrderStatus | 'all';
}

/** Orders the server finds for the search, newest first, a page at a time, kept fresh. */
export const adminOrdersQuery = ({ text, status }: AdminOrderSearch) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_ORDERS_KEY, text, status],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({
        ...(text ? { q: text } : {}),
        ...(status !== 'all' ? { status } : {}),
        ...(pageParam ? { cursor: pageParam } : {}),
      });
      return api(`/api/admin/orders?${query.toString()}`, { schema: adminOrderPageSchema, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    refetchInterval: ADMIN_ORDERS_REFETCH_MS,
    refetchOnWindowFocus: true,
  });

/** Support cancels an order through the one move every order goes through; the server says why it may not. */
export const cancelOrder = (orderId: string) =>
  api(`/api/orders/${orderId}/status`, { method: 'PATCH', body: { status: 'cancelled' }, schema: orderMovedSchema });

/** Lets the driver try the customer's code again after too many wrong ones. */
export const unlockDeliveryCode = (orderId: string) =>
  api(`/api/admin/orders/${orderId}/unlock-code`, { method: 'POST', schema: z.undefined() });
