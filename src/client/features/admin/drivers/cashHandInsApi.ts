import { infiniteQueryOptions } from '@tanstack/react-query';
import { cashHandInPageSchema, cashHandInViewSchema, type CashHandInRequest } from '@shared/drivers/cash.js';
import { api } from '@/lib/api.js';

const path = (riderId: string) => `/api/admin/drivers/${encodeURIComponent(riderId)}/cash-hand-ins`;

/** Every rider's hand-ins start with this key, so one invalidation refreshes them. */
export const adminCashHandInsKey = ['admin', 'cash-hand-ins'] as const;

/** The hand-ins recorded for one rider, newest first, a page at a time; every page carries the cash they hold now. */
export const cashHandInsQuery = (riderId: string) =>
  infiniteQueryOptions({
    queryKey: [...adminCashHandInsKey, riderId],
    queryFn: ({ pageParam, signal }) =>
      api(`${path(riderId)}${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, {
        schema: cashHandInPageSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

export const recordCashHandIn = (riderId: string, body: CashHandInRequest) =>
  api(path(riderId), { method: 'POST', body, schema: cashHandInViewSchema });
