import { CircleCheck, MapPin, Store } from 'lucide-react';
import type { DeliveryView } from '@shared/orders/views.js';
import type { RouteStop } from './deliveryRoute.js';

const ordersOf = (deliveries: DeliveryView[]) => deliveries.map((delivery) => `#${delivery.shortId}`).join(', ');

function StopText({ stop }: { stop: RouteStop }) {
  const [first] = stop.deliveries;
  if (!first) return null;
  if (stop.kind === 'pickup') {
    return (
      <>
        <span className="font-medium">Pick up {ordersOf(stop.deliveries)}</span>{' '}
        <span className="text-muted-foreground">at {first.restaurantName}</span>
      </>
    );
  }
  return (
    <>
      <span className="font-medium">Hand over #{first.shortId}</span>{' '}
      <span className="text-muted-foreground">
        to {first.customerName}, {first.deliveryAddress}
      </span>
    </>
  );
}

/** The round of a rider carrying several orders: the pick-ups, then the drop-offs, in the order to make them. */
export function RoutePlan({ stops }: { stops: RouteStop[] }) {
  return (
    <section aria-labelledby="route-plan" className="grid gap-2 rounded-xl border bg-card p-4 shadow-sm">
      <h3 id="route-plan" className="font-semibold">
        Your round
      </h3>
      <ol className="grid gap-2 text-sm">
        {stops.map((stop, index) => {
          const Icon = stop.done ? CircleCheck : stop.kind === 'pickup' ? Store : MapPin;
          return (
            <li key={`${stop.kind}-${stop.deliveries[0]?.id}`} className="flex items-start gap-2">
              <span className="w-5 shrink-0 text-right font-semibold tabular-nums">{index + 1}.</span>
              <Icon aria-hidden className={`mt-0.5 size-4 shrink-0 ${stop.done ? 'text-success' : 'text-muted-foreground'}`} />
              <span className={`min-w-0 ${stop.done ? 'line-through decoration-muted-foreground' : ''}`}>
                <StopText stop={stop} />
                {stop.done && <span className="sr-only"> (done)</span>}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
