import type { QueryClient } from '@tanstack/react-query';
import { pauseViewSchema, type OrderPause, type PauseBody } from '@shared/restaurants/hours.js';
import { api } from '@/lib/api.js';
import { ownRestaurantQuery } from '@/lib/restaurantsApi.js';

const pausePath = (restaurantId: string) => `/api/restaurants/${encodeURIComponent(restaurantId)}/pause`;

/** Stops new orders for a number of PAUSE_MINUTES, or until resumed (null). */
export const pauseOrders = (restaurantId: string, minutes: PauseBody['minutes']) =>
  api(pausePath(restaurantId), { method: 'POST', body: { minutes } satisfies PauseBody, schema: pauseViewSchema });

/** Takes new orders again at once. */
export const resumeOrders = (restaurantId: string) => api(pausePath(restaurantId), { method: 'DELETE', schema: pauseViewSchema });

/**
 * Puts the pause the server answered into the cached own restaurant, so its status changes at
 * once, then reads it again: a read begun before the pause (a reconnect's refetch) would otherwise
 * land after it and show the restaurant unpaused.
 */
export function applyPause(queryClient: QueryClient, pause: OrderPause | null) {
  const { queryKey } = ownRestaurantQuery();
  queryClient.setQueryData(queryKey, (restaurant) => restaurant && { ...restaurant, pause });
  void queryClient.invalidateQueries({ queryKey, exact: true });
}
