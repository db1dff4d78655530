import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { mayClose, mayReassign } from '@shared/orders/closures.js';
import { statusBadgeVariant } from '@shared/orders/status.js';
import { ADMIN_ORDER_MESSAGES, type AdminOrderView } from '@shared/orders/views.js';
import { Badge } from '@/components/ui/badge.js';
import { Button } from '@/components/ui/button.js';
import { PhoneLink } from '@/components/ui/phone-link.js';
import { errorMessage } from '@/lib/apiError.js';
import { formatDateTime } from '@/lib/format.js';
import { notifySuccess } from '@/lib/toast.js';
import { useOneAtATime } from '@/lib/useOneAtATime.js';
import { OrderItemsSummary } from '@/components/orders/OrderItemsSummary.js';
import { OrderMoney } from '@/components/orders/OrderMoney.js';
import { ADMIN_ORDERS_KEY, unlockDeliveryCode } from './adminOrdersApi.js';
import { CloseOrderDialog } from './CloseOrderDialog.js';
import { NotAvailableReview } from './NotAvailableReview.js';
import { ReassignDialog } from './ReassignDialog.js';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-0.5">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="wrap-anywhere">{children}</dd>
    </div>
  );
}

/** One order in Order Management: who, where, when, the money, and what support can do about it. */
export function AdminOrderCard({ order }: { order: AdminOrderView }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY });
  const unlock = useMutation({
    mutationFn: () => unlockDeliveryCode(order.id),
    onSuccess: () =>
      notifySuccess(ADMIN_ORDER_MESSAGES.unlocked, `The driver may enter the code for order ${order.shortId} again.`),
    onError: (error) => toast.error(ADMIN_ORDER_MESSAGES.unlockFailed, { description: errorMessage(error, 'Please try again.') }),
    onSettled: refresh,
  });
  const unlockOnce = useOneAtATime(unlock);
  const headingId = `order-${order.id}`;
  const closable = mayClose(order.status);

  return (
    <article aria-labelledby={headingId} className="grid content-start gap-4 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-0.5">
          <h2 id={headingId} className="text-lg font-semibold">
            Order {order.shortId}
          </h2>
          <p className="text-sm text-muted-foreground">
            <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
          </p>
        </div>
        <Badge variant={statusBadgeVariant(order.status)}>
          <span className="sr-only">Status: </span>
          {order.statusLabel}
        </Badge>
      </div>

      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <Detail label="Restaurant">{order.restaurantName}</Detail>
        <Detail label="Customer">{order.customerName}</Detail>
        <Detail label="Delivery address">{order.deliveryAddress}</Detail>
        {order.deliveryLandmark && <Detail label="Landmark">{order.deliveryLandmark}</Detail>}
        {order.deliveryGpsCode && <Detail label="GhanaPost GPS code">{order.deliveryGpsCode}</Detail>}
        <Detail label="Phone">
          <PhoneLink phone={order.deliveryPhone} />
        </Detail>
        {order.driverName && <Detail label="Driver">{order.driverName}</Detail>}
        {order.notes && <Detail label="Notes">{order.notes}</Detail>}
        {order.closedReason && <Detail label={`Closed by ${order.closedByName ?? 'support'}`}>{order.closedReason}</Detail>}
      </dl>

      <OrderItemsSummary items={order.items} />

      <OrderMoney order={order} payoutLabel="Restaurant Payout" delivery={order} className="rounded-lg bg-muted/60 p-3" />

      <NotAvailableReview order={order} />

      {order.codeLocked && (
        <p className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm">
          <LockKeyhole aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
          The delivery code is locked after too many wrong tries: the driver cannot complete the delivery until it is unlocked.
        </p>
      )}
      {(closable || order.codeLocked) && (
        <div className="grid gap-2 sm:flex sm:flex-wrap sm:justify-end">
          {order.codeLocked && (
            <Button
              size="lg"
              busy={unlock.isPending}
              onClick={() => unlockOnce()}
              aria-label={`Unlock Code of order ${order.shortId}`}
            >
              Unlock Code
            </Button>
          )}
          {closable && mayReassign(order) && <ReassignDialog order={order} />}
          {closable && <CloseOrderDialog order={order} outcome="delivered" />}
          {closable && <CloseOrderDialog order={order} outcome="cancelled" />}
        </div>
      )}
    </article>
  );
}
