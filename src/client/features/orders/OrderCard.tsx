import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ORDER_MESSAGES, type OrderView } from '@shared/orders/schemas.js';
import { isActive } from '@shared/orders/status.js';
import { topics } from '@shared/realtime/events.js';
import { useRealtime } from '@/lib/RealtimeProvider.js';
import { formatDateTime } from '@/lib/format.js';
import { notifySuccess } from '@/lib/toast.js';
import { DeliveryCode } from './DeliveryCode.js';
import { DoorNotice } from './DoorNotice.js';
import { applyDriverPosition } from './driverPosition.js';
import { DriverOnTheWay } from './DriverOnTheWay.js';
import { ExpectedArrival } from './ExpectedArrival.js';
import { OrderFacts } from './OrderFacts.js';
import { OrderProgress } from './OrderProgress.js';
import { MY_ORDERS_KEY } from './ordersApi.js';
import { statusUpdateMessage } from './orderUpdates.js';
import { StatusBadge } from './StatusBadge.js';

/**
 * One of the customer's active orders, with where it has got to. While it is still moving, it
 * follows order:<id>: each status change reloads both lists (a delivered order moves to the past
 * ones) and says so in a toast, without the customer reloading the page, each position of
 * its driver moves them on the card's map, and a rider waiting at the door says until when.
 */
export function OrderCard({ order }: { order: OrderView }) {
  const queryClient = useQueryClient();

  useRealtime(isActive(order.status) ? topics.order(order.id) : null, (event) => {
    if (event.type === 'driver.location') applyDriverPosition(queryClient, order.id, event);
    if (event.type === 'order.waiting') void queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
    if (event.type !== 'order.status') return;
    void queryClient.invalidateQueries({ queryKey: MY_ORDERS_KEY });
    const message = statusUpdateMessage(order, event.status);
    if (event.status === 'cancelled' || event.status === 'customer_unavailable')
      toast.warning(ORDER_MESSAGES.updated, { description: message });
    else notifySuccess(ORDER_MESSAGES.updated, message);
  });

  const headingId = `order-${order.id}`;
  return (
    <article aria-labelledby={headingId} className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg leading-tight font-semibold">
            {order.restaurantName}
          </h3>
          <p className="text-sm text-muted-foreground">
            Order {order.shortId} · <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </p>
        </div>
        <StatusBadge status={order.status} label={order.statusLabel} />
      </header>

      <OrderProgress status={order.status} />

      <ExpectedArrival order={order} />

      <DoorNotice order={order} />

      {order.driver && <DriverOnTheWay order={order} driver={order.driver} />}

      {order.deliveryCode && <DeliveryCode code={order.deliveryCode} />}

      <OrderFacts order={order} />
    </article>
  );
}
