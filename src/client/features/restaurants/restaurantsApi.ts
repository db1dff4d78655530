import { queryOptions } from '@tanstack/react-query';
import { publicMenuSchema } from '@shared/menu/schemas.js';
import { publicRestaurantListSchema, publicRestaurantSchema } from '@shared/restaurants/schemas.js';
import { api } from '@/lib/api.js';

/** Public reads: no session is needed or sent. */
export const restaurantsQuery = () =>
  queryOptions({
    queryKey: ['restaurants'],
    queryFn: ({ signal }) => api('/api/restaurants', { schema: publicRestaurantListSchema, auth: false, signal }),
  });

export const restaurantQuery = (id: string) =>
  queryOptions({
    queryKey: ['restaurants', id],
    queryFn: ({ signal }) =>
      api(`/api/restaurants/${encodeURIComponent(id)}`, { schema: publicRestaurantSchema, auth: false, signal }),
  });

/** The items a customer can order now; unavailable ones are left out by the server. */
export const menuQuery = (restaurantId: string) =>
  queryOptions({
    queryKey: ['restaurants', restaurantId, 'menu'],
    queryFn: ({ signal }) =>
      api(`/api/restaurants/${encodeURIComponent(restaurantId)}/menu`, { schema: publicMenuSchema, auth: false, signal }),
  });
