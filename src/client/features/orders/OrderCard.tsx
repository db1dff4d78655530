import { useQueryClient } from '@tanstack/react-query';
import { MapPin, Wallet } from 'lucide-react';
import { toast } from 'sonner';
import { ORDER_MESSAGES, type OrderView } from '@shared/orders/schemas.js';
import { isActive, statusBadgeVariant } from '@shared/orders/status.js';
import { topics } from '@shared/realtime/events.js';
import { useRealtime } from '@/app/RealtimeProvider.js';
import { Badge } from '@/components/ui/badge.js';
import { formatDateTime } from '@/lib/format.js';
import { notifySuccess } from '@/lib/toast.js';
import { DeliveryCode } from './DeliveryCode.js';
import { applyDriverPosition } from './driverPosition.js';
import { DriverOnTheWay } from './DriverOnTheWay.js';
import { OrderLines } from './OrderLines.js';
import { myOrdersQuery } from './ordersApi.js';
import { statusUpdateMessage } from './orderUpdates.js';

const PAYMENT_LABELS = { cash: 'Cash on delivery', 'paystack-card': 'Paid by card' } as const;

/**
 * One of the customer's orders. While it is still moving, it follows order:<id>: each status
 * change reloads the list and says so in a toast, without the customer reloading the page, and
 * each position of its driver moves them on the card's map.
 */
export function OrderCard({ order }: { order: OrderView }) {
  const queryClient = useQueryClient();

  useRealtime(isActive(order.status) ? topics.order(order.id) : null, (event) => {
    if (event.type === 'driver.location') applyDriverPosition(queryClient, order.id, event);
    if (event.type !== 'order.status') return;
    void queryClient.invalidateQueries({ queryKey: myOrdersQuery().queryKey });
    const message = statusUpdateMessage(order, event.status);
    if (event.status === 'cancelled') toast.warning(ORDER_MESSAGES.updated, { description: message });
    else notifySuccess(ORDER_MESSAGES.updated, message);
  });

  const headingId = `order-${order.id}`;
  return (
    <article aria-labelledby={headingId} className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg leading-tight font-semibold">
            {order.restaurantName}
          </h2>
          <p className="text-sm text-muted-foreground">
            Order {order.shortId} · <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </p>
        </div>
        <Badge variant={statusBadgeVariant(order.status)} className="text-sm">
          <span className="sr-only">Status: </span>
          {order.statusLabel}
        </Badge>
      </header>

      {order.driver && <DriverOnTheWay order={order} driver={order.driver} />}

      {order.deliveryCode && <DeliveryCode code={order.deliveryCode} />}

      <OrderLines items={order.items} totalAmount={order.totalAmount} currencySymbol={order.currencySymbol} />

      <dl className="grid gap-2 text-sm text-muted-foreground">
        <div className="flex items-start gap-2">
          <dt>
            <MapPin aria-hidden className="mt-0.5 size-4 text-primary" />
            <span className="sr-only">Delivery address</span>
          </dt>
          <dd className="min-w-0 text-foreground">{order.deliveryAddress}</dd>
        </div>
        {order.paymentMethod && (
          <div className="flex items-start gap-2">
            <dt>
              <Wallet aria-hidden className="mt-0.5 size-4 text-primary" />
              <span className="sr-only">Payment</span>
            </dt>
            <dd>{PAYMENT_LABELS[order.paymentMethod]}</dd>
          </div>
        )}
      </dl>
    </article>
  );
}
