import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { adminDriverPageSchema } from '@shared/admin/drivers.js';
import type { closeOrderSchema } from '@shared/orders/closures.js';
import { paymentDecidedSchema, type PaymentDecision } from '@shared/orders/notAvailable.js';
import type { OrderStatus } from '@shared/orders/status.js';
import { adminOrderPageSchema, orderMovedSchema } from '@shared/orders/views.js';
import { api } from '@/lib/api.js';
import { ADMIN_REFETCH_MS } from '../useAllOrderEvents.js';

/** Every list of Order Management starts with this key, so one invalidation refreshes them all. */
export const ADMIN_ORDERS_KEY = ['admin', 'orders'] as const;

export interface AdminOrderSearch {
  /** Sent only once it has the 3 characters the server needs; '' for every order. */
  text: string;
  status: OrderStatus | 'all';
}

/** Orders the server finds for the search, newest first, a page at a time; read again after order events and on focus. */
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
    refetchInterval: ADMIN_REFETCH_MS,
    refetchOnWindowFocus: true,
  });

/** Support closes an unfinished order by hand, as delivered or cancelled, with a reason; the server says why it may not. */
export const closeOrder = (orderId: string, body: z.input<typeof closeOrderSchema>) =>
  api(`/api/admin/orders/${orderId}/close`, { method: 'POST', body, schema: orderMovedSchema });

/** Support gives the order to another driver. */
export const reassignOrder = (orderId: string, driverId: string) =>
  api(`/api/admin/orders/${orderId}/reassign`, { method: 'POST', body: { driverId }, schema: orderMovedSchema });

/** The drivers an order may be given to (verified, enabled, free) whose name or plate holds `search`: the first page. */
export const assignableDriversQuery = (search: string) =>
  queryOptions({
    queryKey: ['admin', 'drivers', 'assignable', search],
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({ assignable: 'true', ...(search ? { q: search } : {}) });
      return api(`/api/admin/drivers?${query.toString()}`, { schema: adminDriverPageSchema, signal });
    },
    placeholderData: keepPreviousData,
  });

/** Lets the driver try the customer's code again after too many wrong ones. */
export const unlockDeliveryCode = (orderId: string) =>
  api(`/api/admin/orders/${orderId}/unlock-code`, { method: 'POST', schema: z.undefined() });

/** An admin decides, once, whether a not-available order's card payment is refunded or kept (409 once decided). */
export const decidePayment = (orderId: string, decision: PaymentDecision) =>
  api(`/api/admin/orders/${orderId}/payment-decision`, { method: 'POST', body: { decision }, schema: paymentDecidedSchema });
