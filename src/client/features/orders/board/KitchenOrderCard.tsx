import { Landmark, MapPin, MessageSquareText, Phone, Wallet } from 'lucide-react';
import { paymentLabel } from '@shared/orders/payment.js';
import { statusBadgeVariant } from '@shared/orders/status.js';
import type { KitchenOrderView } from '@shared/orders/views.js';
import { Badge } from '@/components/ui/badge.js';
import { Detail } from '@/components/ui/detail.js';
import { PhoneLink } from '@/components/ui/phone-link.js';
import { formatDateTime } from '@/lib/format.js';
import { OrderLines } from '../OrderLines.js';
import { OrderActions } from './OrderActions.js';
import { timeSince } from './timeSince.js';

/** One order on the kitchen board: what to cook, for whom, where it goes, and the next move. */
export function KitchenOrderCard({ order, restaurantId, now }: { order: KitchenOrderView; restaurantId: string; now: number }) {
  const payment = paymentLabel(order);
  const headingId = `kitchen-order-${order.id}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm">
      <header className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg leading-tight font-semibold">
            Order {order.shortId}
          </h2>
          <p className="truncate text-sm font-medium">{order.customerName}</p>
          <p className="text-sm text-muted-foreground">
            <time dateTime={order.createdAt} title={formatDateTime(order.createdAt)}>
              {timeSince(order.createdAt, now)}
            </time>
            {order.status === 'ready' && !order.hasDriver && ' · Waiting for a driver'}
          </p>
        </div>
        <Badge variant={statusBadgeVariant(order.status)} className="text-sm">
          <span className="sr-only">Status: </span>
          {order.statusLabel}
        </Badge>
      </header>

      <OrderLines items={order.items} totalAmount={order.totalAmount} currencySymbol={order.currencySymbol} prominent />

      <dl className="grid gap-2 text-sm">
        {payment && (
          <Detail icon={Wallet} label="Payment">
            {payment}
          </Detail>
        )}
        <Detail icon={MapPin} label="Delivery address">
          {order.deliveryAddress}
        </Detail>
        {order.deliveryLandmark && (
          <Detail icon={Landmark} label="Landmark">
            {order.deliveryLandmark}
          </Detail>
        )}
        <Detail icon={Phone} label="Phone">
          <PhoneLink phone={order.deliveryPhone} className="text-primary" />
        </Detail>
        {order.notes && (
          <Detail icon={MessageSquareText} label="Notes">
            <span className="block rounded-md bg-accent px-2 py-1 font-medium">{order.notes}</span>
          </Detail>
        )}
      </dl>

      <div className="mt-auto">
        <OrderActions order={order} restaurantId={restaurantId} />
      </div>
    </article>
  );
}
