import { HandCoins, Landmark, MapPin, MessageSquareText, Navigation, Package, Store, User, Wallet } from 'lucide-react';
import type { DeliveryView } from '@shared/orders/views.js';
import { Badge } from '@/components/ui/badge.js';
import { Detail } from '@/components/ui/detail.js';
import { formatMoney } from '@/lib/format.js';
import { DeliveryActions } from './DeliveryActions.js';
import { DeliveryLinks } from './DeliveryLinks.js';
import { countOf } from '@shared/plural.js';

/** One of the driver's deliveries: where to collect it, who gets it, directions, and the next move. */
export function DeliveryCard({ delivery }: { delivery: DeliveryView }) {
  const headingId = `delivery-${delivery.id}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg leading-tight font-semibold">
            Order {delivery.shortId}
          </h3>
          <p className="truncate text-sm text-muted-foreground">{delivery.restaurantName}</p>
        </div>
        <Badge className="text-sm">
          <span className="sr-only">Status: </span>
          {delivery.statusLabel}
        </Badge>
      </header>
      <dl className="grid gap-2 text-sm">
        <Detail icon={Store} label="Restaurant address">
          {delivery.restaurantAddress}
        </Detail>
        <Detail icon={User} label="Customer">
          {delivery.customerName}
        </Detail>
        <Detail icon={MapPin} label="Delivery address">
          {delivery.deliveryAddress}
        </Detail>
        {delivery.deliveryLandmark && (
          <Detail icon={Landmark} label="Landmark">
            {delivery.deliveryLandmark}
          </Detail>
        )}
        {delivery.deliveryGpsCode && (
          <Detail icon={Navigation} label="GhanaPost GPS code">
            <span aria-hidden className="text-muted-foreground">
              GPS{' '}
            </span>
            <span className="font-mono font-semibold">{delivery.deliveryGpsCode}</span>
          </Detail>
        )}
        {delivery.notes && (
          <Detail icon={MessageSquareText} label="Notes">
            <span className="block rounded-md bg-accent px-2 py-1 font-medium">{delivery.notes}</span>
          </Detail>
        )}
        <Detail icon={Package} label="Items">
          {countOf(delivery.itemCount, 'item')}
        </Detail>
        <Detail icon={Wallet} label="Total">
          <span className="font-semibold">{formatMoney(delivery.totalAmount, delivery.currencySymbol)}</span>
        </Detail>
        {delivery.riderEarning > 0 && (
          <Detail icon={HandCoins} label="You earn">
            <span className="font-semibold">{formatMoney(delivery.riderEarning, delivery.currencySymbol)}</span>
          </Detail>
        )}
      </dl>
      <div className="mt-auto grid gap-2">
        <DeliveryLinks delivery={delivery} />
        <DeliveryActions delivery={delivery} />
      </div>
    </article>
  );
}
