import { useQueryClient } from '@tanstack/react-query';
import type { Operations } from '@shared/admin/operations.js';
import { topics, type RealtimeEvent } from '@shared/realtime/events.js';
import { useRealtime } from '@/lib/RealtimeProvider.js';
import { useSettledRefetch } from '@/lib/useSettledRefetch.js';
import { OPERATIONS_KEY } from './operationsApi.js';

type PositionEvent = Extract<RealtimeEvent, { type: 'driver.location' }>;

/** The view with a listed rider's new position; the same view when the rider is not listed. */
function withPosition(view: Operations, event: PositionEvent & { at: string }): Operations {
  if (!view.riders.some((rider) => rider.id === event.driverId)) return view;
  return {
    ...view,
    riders: view.riders.map((rider) =>
      rider.id === event.driverId
        ? { ...rider, latitude: event.latitude, longitude: event.longitude, lastLocationUpdate: event.at }
        : rider,
    ),
  };
}

/**
 * Keeps the operations view live (decision 031): a position of a listed rider moves them on the
 * spot, and one of a rider not listed (online but unavailable and carrying nothing) changes nothing;
 * any other event (an order placed or moved on orders:all, a rider going on or off line on
 * operations) reads the view again a second later, once for a burst. A ready order that found no
 * rider calls onNoRider.
 */
export function useOperationsEvents(onNoRider: (orderId: string) => void) {
  const queryClient = useQueryClient();
  const refetchSoon = useSettledRefetch(OPERATIONS_KEY);

  useRealtime(topics.allOrders(), (event) => {
    if (event.type === 'dispatch.no_rider') onNoRider(event.orderId);
    refetchSoon();
  });

  useRealtime(topics.operations(), (event) => {
    if (event.type !== 'driver.location') {
      refetchSoon();
      return;
    }
    const view = queryClient.getQueryData<Operations>(OPERATIONS_KEY);
    if (!view || !event.at) return;
    const patched = withPosition(view, { ...event, at: event.at });
    if (patched === view) return;
    // The read's time stays: ages are counted from the server's clock as of that read.
    const updatedAt = queryClient.getQueryState(OPERATIONS_KEY)?.dataUpdatedAt;
    queryClient.setQueryData(OPERATIONS_KEY, patched, { updatedAt });
  });
}
