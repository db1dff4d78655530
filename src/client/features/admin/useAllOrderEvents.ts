import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { topics } from '@shared/realtime/events.js';
import { useRealtime } from '@/lib/RealtimeProvider.js';

/** Lost events (decision 006) are caught up with at least this often, even on a screen nobody touches. */
export const ADMIN_REFETCH_MS = 5 * 60_000;

/** Events within this long of the first one share its refetch: orders:all carries every restaurant's orders. */
const ORDER_EVENTS_SETTLE_MS = 1_000;

/** A function that refetches the queries under queryKey a second after it is first called, once for all the calls of that second. */
export function useSettledRefetch(queryKey: QueryKey): () => void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      timer.current = undefined;
    },
    [],
  );
  return () => {
    timer.current ??= setTimeout(() => {
      timer.current = undefined;
      void queryClient.invalidateQueries({ queryKey });
    }, ORDER_EVENTS_SETTLE_MS);
  };
}

/**
 * Follows orders:all (every order placed or moved on the platform, admins only) and refetches the
 * queries under queryKey a second after an event, once for all the events of that second.
 */
export function useAllOrderEvents(queryKey: QueryKey) {
  useRealtime(topics.allOrders(), useSettledRefetch(queryKey));
}
