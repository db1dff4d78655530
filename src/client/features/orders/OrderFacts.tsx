import { Landmark, MapPin, Navigation, Wallet } from 'lucide-react';
import { cancelledBySupport } from '@shared/orders/closures.js';
import { paymentLabel } from '@shared/orders/payment.js';
import type { OrderView } from '@shared/orders/schemas.js';
import { OrderLines } from './OrderLines.js';

/** What the customer ordered, where it goes and how it is paid (and why support cancelled it, if it did): an active order's card and an opened past order. */
export function OrderFacts({ order }: { order: OrderView }) {
  const payment = paymentLabel(order);
  return (
    <>
      {order.cancelReason && (
        <p className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
          {cancelledBySupport(order.cancelReason)}
        </p>
      )}
      <OrderLines items={order.items} totalAmount={order.totalAmount} currencySymbol={order.currencySymbol} charges={order} />
      <dl className="grid gap-2 text-sm text-muted-foreground">
        <div className="flex items-start gap-2">
          <dt>
            <MapPin aria-hidden className="mt-0.5 size-4 text-primary" />
            <span className="sr-only">Delivery address</span>
          </dt>
          <dd className="min-w-0 text-foreground">{order.deliveryAddress}</dd>
        </div>
        {order.deliveryLandmark && (
          <div className="flex items-start gap-2">
            <dt>
              <Landmark aria-hidden className="mt-0.5 size-4 text-primary" />
              <span className="sr-only">Landmark</span>
            </dt>
            <dd className="min-w-0 text-foreground">{order.deliveryLandmark}</dd>
          </div>
        )}
        {order.deliveryGpsCode && (
          <div className="flex items-start gap-2">
            <dt>
              <Navigation aria-hidden className="mt-0.5 size-4 text-primary" />
              <span className="sr-only">GhanaPost GPS code</span>
            </dt>
            <dd className="font-mono text-foreground">{order.deliveryGpsCode}</dd>
          </div>
        )}
        {payment && (
          <div className="flex items-start gap-2">
            <dt>
              <Wallet aria-hidden className="mt-0.5 size-4 text-primary" />
              <span className="sr-only">Payment</span>
            </dt>
            <dd>{payment}</dd>
          </div>
        )}
      </dl>
    </>
  );
}
