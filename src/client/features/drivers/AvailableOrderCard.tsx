import { HandCoins, Package, Wallet } from 'lucide-react';
import type { AvailableOrderView } from '@shared/orders/views.js';
import { Badge } from '@/components/ui/badge.js';
import { Button } from '@/components/ui/button.js';
import { Detail } from '@/components/ui/detail.js';
import { RouteDetails } from './RouteDetails.js';
import { formatDistance, formatMoney } from '@/lib/format.js';
import { countOf } from '@shared/plural.js';

const headingIdOf = (orderId: string) => `available-order-${orderId}`;

interface AvailableOrderCardProps {
  order: AvailableOrderView;
  accepting: boolean;
  /** Another accept is in flight, or the driver cannot accept now (the reason is shown above the list or on the card). */
  disabled: boolean;
  /** Why this order cannot join what the driver carries, or null. */
  refused: string | null;
  onAccept: () => void;
}

/** A ready order waiting for a driver: where from, how far, where to, how much, and 'Accept Order'. */
export function AvailableOrderCard({ order, accepting, disabled, refused, onAccept }: AvailableOrderCardProps) {
  const refusalId = `${headingIdOf(order.id)}-refused`;
  const headingId = headingIdOf(order.id);
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg leading-tight font-semibold break-words">
            {order.restaurantName}
          </h3>
          <p className="text-sm text-muted-foreground">Order {order.shortId}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {order.offerSecondsLeft !== null && <Badge className="text-sm">Offered to you</Badge>}
          {order.distanceMeters !== null && (
            <Badge variant="secondary" className="text-sm">
              {formatDistance(order.distanceMeters)} away
            </Badge>
          )}
        </div>
      </header>
      <dl className="grid gap-2 text-sm">
        <RouteDetails order={order} />
        <Detail icon={Package} label="Items">
          {countOf(order.itemCount, 'item')}
        </Detail>
        <Detail icon={Wallet} label="Total">
          <span className="font-semibold">{formatMoney(order.totalAmount, order.currencySymbol)}</span>
        </Detail>
        {order.riderEarning > 0 && (
          <Detail icon={HandCoins} label="You earn">
            <span className="font-semibold">{formatMoney(order.riderEarning, order.currencySymbol)}</span>
          </Detail>
        )}
      </dl>
      {refused && (
        <p id={refusalId} className="mt-auto text-sm text-muted-foreground">
          {refused}
        </p>
      )}
      <Button
        size="lg"
        className={refused ? 'w-full' : 'mt-auto w-full'}
        busy={accepting}
        disabled={disabled}
        aria-describedby={refused ? refusalId : undefined}
        onClick={onAccept}
      >
        Accept Order
      </Button>
    </article>
  );
}
