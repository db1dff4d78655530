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
import { isAssignedToMe, isNewReadyOrder, withoutTakenOrder } from './driverEvents.js';

interface DriverRealtimeOptions {
  driverId: string;
  /** orders:ready is for verified drivers only (the server refuses the others). */
  verified: boolean;
  sound: AlertSound;
}

function announce(sound: AlertSound, title: string, orderId: string) {
  const body = `Order ${shortOrderId(orderId)}`;
  sound.alert();
  notifySuccess(title, body);
  notifyInBackground(title, body, `order-${orderId}`);
}

/**
 * Follows orders:ready (orders waiting for any driver) and driver:<me> (this driver's row and
 * deliveries). A new ready order or an order dispatch gave this driver rings and shows a toast;
 * every event refreshes both lists, and an order someone else took leaves Available Orders at
 * once. Lost events are caught up by the refetch on reconnect and every minute (driverApi).
 */
export function useDriverRealtime({ driverId, verified, sound }: DriverRealtimeOptions) {
  const queryClient = useQueryClient();
  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: availableOrdersKey });
    void queryClient.invalidateQueries({ queryKey: deliveriesKey });
  };

  useRealtime(verified ? topics.ordersReady() : null, (event) => {
    queryClient.setQueryData<Page<AvailableOrderView>>(availableOrdersKey, (page) => withoutTakenOrder(page, event));
    refreshLists();
    if (isNewReadyOrder(event)) announce(sound, DRIVER_MESSAGES.newOrder, event.orderId);
  });

  useRealtime(topics.driver(driverId), (event) => {
    if (event.type === 'driver.updated') void queryClient.invalidateQueries({ queryKey: driverStatusKey });
    refreshLists();
    if (isAssignedToMe(event, driverId)) announce(sound, DRIVER_MESSAGES.assigned, event.orderId);
  });
}
