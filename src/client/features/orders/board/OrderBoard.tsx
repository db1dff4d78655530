import { useQueryClient } from '@tanstack/react-query';
import { shortOrderId } from '@shared/orders/schemas.js';
import { topics } from '@shared/realtime/events.js';
import type { OwnRestaurant } from '@shared/restaurants/schemas.js';
import { NotificationControl } from '@/components/notifications/NotificationControl.js';
import { SoundToggle } from '@/components/notifications/SoundToggle.js';
import { useAlertSound } from '@/components/notifications/alertSound.js';
import { notifyInBackground } from '@/components/notifications/backgroundNotification.js';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs.js';
import { useRealtime } from '@/lib/RealtimeProvider.js';
import { notifySuccess } from '@/lib/toast.js';
import { applyKitchenEvent } from './boardCache.js';
import { KitchenBusy } from './KitchenBusy.js';
import { OrderList } from './OrderList.js';
import { OrderPause } from './OrderPause.js';
import { SoldOutToday } from './SoldOutToday.js';
import { useNow } from '@/lib/useNow.js';

/**
 * The live kitchen board: follows restaurant:<id>, so new orders and moves made elsewhere (a
 * driver, an admin, another tab) show without a reload. Events can be lost (decision 006): the
 * lists also refetch on reconnect (RealtimeProvider) and every minute (kitchenOrdersQuery).
 */
export function OrderBoard({ restaurant }: { restaurant: OwnRestaurant }) {
  const queryClient = useQueryClient();
  const sound = useAlertSound();
  // Every 'min ago' on the board moves on together, twice a minute.
  const now = useNow(30_000);

  useRealtime(topics.restaurant(restaurant.id), (event) => {
    applyKitchenEvent(queryClient, restaurant.id, event);
    if (event.type !== 'order.created') return;
    const shortId = shortOrderId(event.orderId);
    const message = `Order ${shortId} has just come in.`;
    sound.alert();
    notifySuccess('New Order!', message);
    notifyInBackground('New Order!', message, `order-${shortId}`);
  });

  return (
    <section aria-label="Orders" className="grid gap-4">
      <div className="flex flex-wrap items-start gap-2">
        <OrderPause restaurant={restaurant} />
        <KitchenBusy restaurant={restaurant} />
        <SoldOutToday restaurant={restaurant} />
        <SoundToggle sound={sound} />
        <NotificationControl />
      </div>
      <Tabs defaultValue="active" className="gap-4">
        <TabsList className="grid w-full grid-cols-2 sm:w-fit">
          <TabsTrigger value="active" className="px-4">
            Active Orders
          </TabsTrigger>
          <TabsTrigger value="completed" className="px-4">
            Completed
          </TabsTrigger>
        </TabsList>
        <TabsContent value="active">
          <OrderList restaurantId={restaurant.id} tab="active" now={now} />
        </TabsContent>
        <TabsContent value="completed">
          <OrderList restaurantId={restaurant.id} tab="completed" now={now} />
        </TabsContent>
      </Tabs>
    </section>
  );
}
