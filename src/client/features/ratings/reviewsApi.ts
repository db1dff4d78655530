import { infiniteQueryOptions } from '@tanstack/react-query';
import { reviewPageSchema, reviewSchema, type ReplyInput } from '@shared/ratings/schemas.js';
import { api } from '@/lib/api.js';

export const reviewsKey = (restaurantId: string) => ['reviews', restaurantId] as const;

/** A restaurant's reviews, newest first, a page at a time, each page with the restaurant's tally. */
export const reviewsQuery = (restaurantId: string) =>
  infiniteQueryOptions({
    queryKey: reviewsKey(restaurantId),
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ limit: '20' });
      if (pageParam) query.set('cursor', pageParam);
      return api(`/api/restaurants/${restaurantId}/reviews?${query}`, { schema: reviewPageSchema, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
  });

/** The owner's one reply to a review. */
export const replyToReview = (restaurantId: string, orderId: string, reply: ReplyInput) =>
  api(`/api/restaurants/${restaurantId}/reviews/${orderId}/reply`, {
    method: 'PUT',
    body: reply,
    schema: reviewSchema,
  });
