import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatMoney } from '@shared/money.js';
import { awaitsPaymentDecision, NOT_AVAILABLE_MESSAGES as M, type PaymentDecision } from '@shared/orders/notAvailable.js';
import type { AdminOrderView } from '@shared/orders/views.js';
import { Button } from '@/components/ui/button.js';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.js';
import { errorMessage } from '@/lib/apiError.js';
import { notifySuccess } from '@/lib/toast.js';
import { ADMIN_ORDERS_KEY, decidePayment } from './adminOrdersApi.js';

const DECIDED: Record<PaymentDecision, string> = {
  refunded: 'Card payment refunded to the customer',
  kept: 'Card payment kept',
};

const CASH_NOTE = 'Cash on delivery: nothing was collected, so there is nothing to refund.';

/**
 * An order closed as 'Customer not available' (decision 030): the photo of the door the rider
 * took and, for a paid card order, the admin's decision on its payment, made once: refund the
 * customer, or keep the payment (the restaurant and the rider are paid as for a delivery).
 */
export function NotAvailableReview({ order }: { order: AdminOrderView }) {
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (decision: PaymentDecision) => decidePayment(order.id, decision),
    onSuccess: ({ paymentDecision }) => notifySuccess(paymentDecision === 'refunded' ? M.refunded : M.kept),
    onError: (error) => toast.error(M.decisionFailed, { description: errorMessage(error, 'Please try again.') }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }),
  });
  if (order.status !== 'customer_unavailable') return null;
  const amount = formatMoney(order.totalAmount, order.currencySymbol);
  return (
    <section aria-label={`Customer not available, order ${order.shortId}`} className="grid gap-3 rounded-lg border p-3 text-sm">
      {order.doorPhotoUrl ? (
        <figure className="grid gap-1">
          <img
            src={order.doorPhotoUrl}
            alt={`The door the rider photographed for order ${order.shortId}`}
            className="max-h-56 w-full rounded-md border object-cover"
            loading="lazy"
          />
          <figcaption className="text-muted-foreground">The door where the rider waited.</figcaption>
        </figure>
      ) : (
        <p className="text-muted-foreground">No photo of the door.</p>
      )}
      {order.paymentMethod === 'cash' && <p className="text-muted-foreground">{CASH_NOTE}</p>}
      {order.paymentDecision && <p className="font-medium">{DECIDED[order.paymentDecision]}</p>}
      {awaitsPaymentDecision(order) && (
        <div className="grid gap-2">
          <p>The customer paid {amount} by card. Decide what becomes of it; the decision is final.</p>
          <div className="grid gap-2 sm:flex sm:flex-wrap sm:justify-end">
            <ConfirmDialog
              title={`Refund ${amount}?`}
              description={`The customer of order ${order.shortId} gets their card payment back in full.`}
              confirmLabel="Refund customer"
              cancelLabel="Cancel"
              destructive
              onConfirm={() => decide.mutate('refunded')}
              trigger={
                <Button
                  size="lg"
                  variant="outline"
                  busy={decide.isPending && decide.variables === 'refunded'}
                  disabled={decide.isPending}
                >
                  Refund customer
                </Button>
              }
            />
            <ConfirmDialog
              title={`Keep ${amount}?`}
              description={`The payment of order ${order.shortId} is kept: the restaurant and the rider are paid as for a delivery.`}
              confirmLabel="Keep payment"
              cancelLabel="Cancel"
              onConfirm={() => decide.mutate('kept')}
              trigger={
                <Button size="lg" busy={decide.isPending && decide.variables === 'kept'} disabled={decide.isPending}>
                  Keep payment
                </Button>
              }
            />
          </div>
        </div>
      )}
    </section>
  );
}
