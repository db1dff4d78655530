import type { QueryKey } from '@tanstack/react-query';
import { topics } from '@shared/realtime/events.js';
import { useRealtime } from '@/lib/RealtimeProvider.js';
import { useSettledRefetch } from '@/lib/useSettledRefetch.js';

/** Lost events (decision 006) are caught up with at least this often, even on a screen nobody touches. */
export const ADMIN_REFETCH_MS = 5 * 60_000;

/**
 * Follows orders:all (every order placed or moved on the platform, admins only) and refetches the
 * queries under queryKey a second after an event, once for all the events of that second.
 */
export function useAllOrderEvents(queryKey: QueryKey) {
  useRealtime(topics.allOrders(), useSettledRefetch(queryKey));
}
