import { useMutation, useQueryClient } from '@tanstack/react-query';
import { HandCoins, Timer } from 'lucide-react';
import { toast } from 'sonner';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import { Badge } from '@/components/ui/badge.js';
import { Button } from '@/components/ui/button.js';
import { Detail } from '@/components/ui/detail.js';
import { RouteDetails } from './RouteDetails.js';
import { errorMessage } from '@/lib/apiError.js';
import { formatDistance, formatMoney } from '@/lib/format.js';
import { notifySuccess } from '@/lib/toast.js';
import { useOneAtATime } from '@/lib/useOneAtATime.js';
import { useNow } from '@/lib/useNow.js';
import { availableOrdersKey, declineOrder } from './driverApi.js';
import type { OfferedOrder } from './offeredOrder.js';
import { useAcceptOrder } from './useAcceptOrder.js';

interface OfferCardProps {
  /** The order offered to this driver: its offerSecondsLeft is not null. */
  order: OfferedOrder;
  /** When the list holding it was read (ms): the seconds left count from then, by this phone's clock. */
  readAt: number;
  onAccepted: () => void;
}

/** Seconds the screen reader announces, rather than every tick. */
const ANNOUNCED = new Set([30, 10]);

/**
 * The order dispatch offers this driver, with the time left to answer: 'Accept Offer' takes it as
 * accepting from the list does; 'Decline' hands it to the next driver. When the time is up the
 * buttons stop and the list is read again (the server has moved the offer on).
 */
export function OfferCard({ order, readAt, onAccepted }: OfferCardProps) {
  const queryClient = useQueryClient();
  const now = useNow(1_000);
  const left = Math.max(0, Math.ceil((readAt + order.offerSecondsLeft * 1000 - now) / 1000));
  const accept = useAcceptOrder(onAccepted);
  const decline = useMutation({
    mutationFn: () => declineOrder(order.id),
    onSuccess: () => notifySuccess(DRIVER_MESSAGES.offerDeclined, `Order ${order.shortId}`),
    onError: (error) => toast.error(DRIVER_MESSAGES.updateFailed, { description: errorMessage(error, 'Please try again.') }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: availableOrdersKey }),
  });
  const headingId = `offer-${order.id}`;
  const answering = accept.isPending || decline.isPending;
  const acceptOnce = useOneAtATime(accept);
  const declineOnce = useOneAtATime(decline);

  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl border-2 border-primary bg-card p-4 shadow-md">
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-medium text-primary">{DRIVER_MESSAGES.offer}</p>
          <h2 id={headingId} className="text-lg leading-tight font-semibold break-words">
            {order.restaurantName}
          </h2>
          <p className="text-sm text-muted-foreground">Order {order.shortId}</p>
        </div>
        {order.distanceMeters !== null && (
          <Badge variant="secondary" className="text-sm">
            {formatDistance(order.distanceMeters)} away
          </Badge>
        )}
      </header>
      <div className="grid gap-1">
        <p className="flex items-center gap-2 text-base font-semibold">
          <Timer aria-hidden className="size-5" />
          {left > 0 ? `${left} s left to accept` : 'Time is up'}
        </p>
        <div
          role="progressbar"
          aria-label="Time left to accept"
          aria-valuemin={0}
          aria-valuemax={order.offerSecondsLeft}
          aria-valuenow={left}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full bg-primary transition-[width] duration-1000 ease-linear"
            style={{ width: `${order.offerSecondsLeft > 0 ? (left / order.offerSecondsLeft) * 100 : 0}%` }}
          />
        </div>
        <p aria-live="polite" className="sr-only">
          {ANNOUNCED.has(left) ? `${left} seconds left to accept` : ''}
        </p>
      </div>
      <dl className="grid gap-2 text-sm">
        <RouteDetails order={order} />
        {order.riderEarning > 0 && (
          <Detail icon={HandCoins} label="You earn">
            <span className="font-semibold">{formatMoney(order.riderEarning, order.currencySymbol)}</span>
          </Detail>
        )}
      </dl>
      <div className="grid grid-cols-2 gap-2">
        <Button
          size="lg"
          variant="outline"
          busy={decline.isPending}
          disabled={answering || left === 0}
          onClick={() => declineOnce()}
        >
          {DRIVER_MESSAGES.offerDecline}
        </Button>
        <Button size="lg" busy={accept.isPending} disabled={answering || left === 0} onClick={() => acceptOnce(order.id)}>
          {DRIVER_MESSAGES.offerAccept}
        </Button>
      </div>
    </article>
  );
}
