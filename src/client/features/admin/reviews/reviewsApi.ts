import { infiniteQueryOptions } from '@tanstack/react-query';
import { adminReviewPageSchema, adminReviewSchema } from '@shared/ratings/schemas.js';
import { api } from '@/lib/api.js';

export const adminReviewsKey = ['admin', 'reviews'] as const;

/** The latest reviews across restaurants, newest first, a page at a time. */
export const adminReviewsQuery = () =>
  infiniteQueryOptions({
    queryKey: adminReviewsKey,
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: '20' });
      if (pageParam) query.set('cursor', pageParam);
      return api(`/api/admin/reviews?${query}`, { schema: adminReviewPageSchema, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** Hides an abusive review from the restaurant's average, or shows it again. */
export const setReviewHidden = (orderId: string, hidden: boolean) =>
  api(`/api/admin/reviews/${orderId}/${hidden ? 'hide' : 'show'}`, { method: 'POST', schema: adminReviewSchema });
