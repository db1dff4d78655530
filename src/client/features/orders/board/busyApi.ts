import type { QueryClient } from '@tanstack/react-query';
import { busyViewSchema, type BusyBody } from '@shared/restaurants/busy.js';
import { api } from '@/lib/api.js';
import { ownRestaurantQuery } from '@/lib/restaurantsApi.js';

const busyPath = (restaurantId: string) => `/api/restaurants/${encodeURIComponent(restaurantId)}/busy`;

/** Adds BUSY_MINUTES to the preparation time of new orders. */
export const markKitchenBusy = (restaurantId: string, minutes: BusyBody['minutes']) =>
  api(busyPath(restaurantId), { method: 'PUT', body: { minutes } satisfies BusyBody, schema: busyViewSchema });

/** Back to the usual preparation time. */
export const clearKitchenBusy = (restaurantId: string) =>
  api(busyPath(restaurantId), { method: 'DELETE', schema: busyViewSchema });

/**
 * Puts the busy minutes the server answered into the cached own restaurant, so the board shows
 * them at once, then reads it again (as applyPause does, for a read begun before the change).
 */
export function applyBusy(queryClient: QueryClient, busyMinutes: number) {
  const { queryKey } = ownRestaurantQuery();
  queryClient.setQueryData(queryKey, (restaurant) => restaurant && { ...restaurant, busyMinutes });
  void queryClient.invalidateQueries({ queryKey, exact: true });
}
