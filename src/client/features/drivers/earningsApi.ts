import { infiniteQueryOptions } from '@tanstack/react-query';
import { earningsSchema } from '@shared/drivers/earnings.js';
import { api } from '@/lib/api.js';

const earningsKey = ['drivers', 'me', 'earnings'] as const;

/** The rider's totals and their deliveries, newest first, a page at a time; every page carries the totals. */
export const earningsQuery = () =>
  infiniteQueryOptions({
    queryKey: earningsKey,
    queryFn: ({ pageParam, signal }) =>
      api(`/api/drivers/me/earnings${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`, {
        schema: earningsSchema,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.deliveries.nextCursor,
    // A delivery just completed on the dashboard shows here at once.
    staleTime: 0,
  });
