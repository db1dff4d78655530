import { useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import type { AvailableOrderView } from '@shared/orders/views.js';
import { shortOrderId } from '@shared/orders/schemas.js';
import type { Page } from '@shared/paging.js';
import { topics } from '@shared/realtime/events.js';
import { useRealtime } from '@/lib/RealtimeProvider.js';
import type { AlertSound } from '@/components/notifications/alertSound.js';
import { notifyInBackground } from '@/components/notifications/backgroundNotification.js';
import { notifySuccess } from '@/lib/toast.js';
import { availableOrdersKey, deliveriesKey, driverStatusKey } from './driverApi.js';
import { isAssignedToMe, isNewReadyOrder, isOfferedToMe, isTakenFromMe, withoutTakenOrder } from './driverEvents.js';

interface DriverRealtimeOptions {
  driverId: string;
  /** orders:ready is for verified drivers only (the server refuses the others). */
  verified: boolean;
  sound: AlertSound;
}

/** One toast per order: dispatch giving this driver an order just announced as ready replaces that toast. */
function announce(sound: AlertSound, title: string, orderId: string) {
  const body = `Order ${shortOrderId(orderId)}`;
  const tag = `order-${orderId}`;
  sound.alert();
  notifySuccess(title, body, tag);
  notifyInBackground(title, body, tag);
}

/**
 * Follows orders:ready (orders waiting for any driver) and driver:<me> (this driver's row, offers
 * and deliveries). An order dispatch offers this driver, or support gave them, rings and shows a
 * toast, and so does a new ready order once the refetched Available Orders list offers it: the server leaves out orders this
 * driver is not offered (cash orders while over the cash limit) and marks those they declined,
 * and those must not ring. Every event refreshes both lists, and an order someone else took
 * leaves Available Orders at once; an order support took off this driver says so. Lost events are caught up by the refetch on reconnect and
 * every minute (driverApi).
 */
export function useDriverRealtime({ driverId, verified, sound }: DriverRealtimeOptions) {
  const queryClient = useQueryClient();
  const refreshLists = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: availableOrdersKey }),
      queryClient.invalidateQueries({ queryKey: deliveriesKey }),
    ]);
  // Orders this driver's own topic told them of (offered, given, taken off them): a ready order's
  // ring, which waits for the refetch, comes too late for them. A newer toast of the order would be
  // replaced by the older news ('New order ready' over 'You have been assigned an order'), and an
  // order taken off them is told so once, not rung as new when it waits again.
  const heardOnMyTopic = useRef(new Set<string>());
  // A new ready order rings when it is listed for this driver: not one they declined, nor one offered to them (its offer rings).
  const ringsFor = (orderId: string) =>
    !heardOnMyTopic.current.has(orderId) &&
    (queryClient
      .getQueryData<Page<AvailableOrderView>>(availableOrdersKey)
      ?.items.some((order) => order.id === orderId && !order.declined && order.offerSecondsLeft === null) ??
      false);

  useRealtime(verified ? topics.ordersReady() : null, (event) => {
    queryClient.setQueryData<Page<AvailableOrderView>>(availableOrdersKey, (page) => withoutTakenOrder(page, event, driverId));
    const refreshed = refreshLists();
    if (isNewReadyOrder(event)) {
      void refreshed.then(() => {
        if (ringsFor(event.orderId)) announce(sound, DRIVER_MESSAGES.newOrder, event.orderId);
      });
    }
  });

  useRealtime(topics.driver(driverId), (event) => {
    if (event.type === 'driver.updated') void queryClient.invalidateQueries({ queryKey: driverStatusKey });
    void refreshLists();
    if (isAssignedToMe(event, driverId)) {
      heardOnMyTopic.current.add(event.orderId);
      announce(sound, DRIVER_MESSAGES.assigned, event.orderId);
    }
    if (isOfferedToMe(event, driverId)) {
      heardOnMyTopic.current.add(event.orderId);
      announce(sound, DRIVER_MESSAGES.offer, event.orderId);
    }
    if (isTakenFromMe(event, driverId)) {
      heardOnMyTopic.current.add(event.orderId);
      notifySuccess(
        DRIVER_MESSAGES.takenFromYou,
        DRIVER_MESSAGES.takenFromYouDescription(shortOrderId(event.orderId)),
        `order-${event.orderId}`,
      );
    }
  });
}
