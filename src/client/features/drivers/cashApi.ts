import { infiniteQueryOptions } from '@tanstack/react-query';
import { cashHandInPageSchema } from '@shared/drivers/cash.js';
import { api } from '@/lib/api.js';

const riderCashKey = ['drivers', 'me', 'cash-hand-ins'] as const;

/** The rider's hand-ins, newest first, a page at a time; every page carries the cash they hold and each currency's limit. */
export const riderCashQuery = () =>
  infiniteQueryOptions({
    queryKey: riderCashKey,
    queryFn: ({ pageParam, signal }) =>
      api(`/api/drivers/me/cash-hand-ins${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, {
        schema: cashHandInPageSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // A hand-in just recorded at the office shows when the rider opens the page.
    staleTime: 0,
  });
