import { infiniteQueryOptions, keepPreviousData, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { adminRestaurantPageSchema, adminRestaurantViewSchema, type AdminRestaurantView } from '@shared/admin/restaurants.js';
import type { Page } from '@shared/paging.js';
import { api } from '@/lib/api.js';

/** Every list of Restaurant Management starts with this key, so one invalidation refreshes them all. */
export const ADMIN_RESTAURANTS_KEY = ['admin', 'restaurants'] as const;

/** Restaurants found by name or address (all of them for an empty search), newest first, a page at a time. */
export const adminRestaurantsQuery = (search: string) =>
  infiniteQueryOptions({
    queryKey: [...ADMIN_RESTAURANTS_KEY, search],
    queryFn: ({ pageParam, signal }) => {
      const query = new URLSearchParams({ ...(search ? { q: search } : {}), ...(pageParam ? { cursor: pageParam } : {}) });
      return api(`/api/admin/restaurants?${query.toString()}`, { schema: adminRestaurantPageSchema, signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // The list in view stays until the search's answer replaces it, as in the other admin lists: a card
    // that is in both keeps its place, and an Activate clicked meanwhile keeps its confirmation.
    placeholderData: keepPreviousData,
  });

/** Opens the restaurant to customers, or takes it off the platform. */
export const setRestaurantActive = (restaurantId: string, active: boolean) =>
  api(`/api/admin/restaurants/${restaurantId}/active`, { method: 'PATCH', body: { active }, schema: adminRestaurantViewSchema });

/** Shows the server's answer on every loaded page at once, wherever the restaurant is listed. */
export function showRestaurant(queryClient: QueryClient, changed: AdminRestaurantView) {
  queryClient.setQueriesData<InfiniteData<Page<AdminRestaurantView>>>({ queryKey: ADMIN_RESTAURANTS_KEY }, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            items: page.items.map((item) => (item.id === changed.id ? changed : item)),
          })),
        }
      : data,
  );
}
