import { useQueryClient } from '@tanstack/react-query';
import { topics } from '@shared/realtime/events.js';
import { useRealtime } from './RealtimeProvider.js';
import { restaurantQuery } from './restaurantsApi.js';

/**
 * Reads the restaurant and its menu (keys under the restaurant's) again as soon as the server says they changed (a pause, new
 * hours, a dish sold out): signed-in customers see it at once, without a reload. Signed out, the
 * usual refetch on focus is all.
 */
export function useCatalogUpdates(restaurantId: string | null) {
  const queryClient = useQueryClient();
  useRealtime(restaurantId && topics.catalog(restaurantId), () => {
    if (restaurantId) void queryClient.invalidateQueries({ queryKey: restaurantQuery(restaurantId).queryKey });
  });
}
