import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ownMenuSchema, publicMenuSchema } from '@shared/menu/schemas.js';
import { managedRestaurantListSchema } from '@shared/orders/sales.js';
import {
  ownRestaurantSchema,
  publicRestaurantListSchema,
  publicRestaurantSchema,
  type OwnRestaurant,
} from '@shared/restaurants/schemas.js';
import { api } from './api.js';
import { ApiError } from './apiError.js';

/** What /customer lists unsearched; its prerendered HTML asks for it before any script runs. */
export const RESTAURANT_LIST_URL = '/api/restaurants';

/** Public reads: no session is needed or sent. Every active restaurant, or those the server finds for `search`. */
export const restaurantsQuery = (search: string) =>
  queryOptions({
    queryKey: ['restaurants', { search }],
    queryFn: ({ signal }) =>
      api(search ? `${RESTAURANT_LIST_URL}?${new URLSearchParams({ q: search })}` : RESTAURANT_LIST_URL, {
        schema: publicRestaurantListSchema,
        auth: false,
        signal,
      }),
    // While another search loads, the last results stay instead of placeholders.
    placeholderData: keepPreviousData,
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

/** Where the owner's menu items are kept: the whole menu, and each item under its id. */
export const menuItemsPath = (restaurantId: string) => `/api/restaurants/${encodeURIComponent(restaurantId)}/menu-items`;

/** The owner's whole menu, unavailable items included, in the owner's order. */
export const ownMenuQuery = (restaurantId: string) =>
  queryOptions({
    queryKey: ['restaurants', restaurantId, 'menu-items'],
    queryFn: ({ signal }) => api(menuItemsPath(restaurantId), { schema: ownMenuSchema, signal }),
  });

export const OWN_RESTAURANT_KEY = ['restaurants', 'mine'] as const;

/** The signed-in owner's restaurant, or null before setup (the server answers 404 'No restaurant found'). */
export const ownRestaurantQuery = () =>
  queryOptions({
    queryKey: OWN_RESTAURANT_KEY,
    queryFn: async ({ signal }): Promise<OwnRestaurant | null> => {
      try {
        return await api('/api/restaurants/mine', { schema: ownRestaurantSchema, signal });
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });

/** The restaurants whose sales (and statement) the signed-in owner or manager sees: an owner's one, a manager's several. */
export const managedRestaurantsQuery = () =>
  queryOptions({
    queryKey: ['restaurants', 'managed'],
    queryFn: ({ signal }) => api('/api/restaurants/managed', { schema: managedRestaurantListSchema, signal }),
  });
