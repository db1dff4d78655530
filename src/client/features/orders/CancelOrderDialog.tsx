import type { ReactNode } from 'react';
import type { KitchenOrderView } from '@shared/orders/views.js';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.js';

/**
 * 'Cancel order X?' for the kitchen and for support: who hears of it (`told`), that a card
 * payment goes back to the customer, and that it cannot be undone.
 */
export function CancelOrderDialog({
  order,
  told,
  trigger,
  onConfirm,
}: {
  order: Pick<KitchenOrderView, 'shortId' | 'paymentMethod'>;
  told: string;
  trigger: ReactNode;
  onConfirm: () => void;
}) {
  const refund = order.paymentMethod === 'paystack-card' ? " The customer's card payment is refunded in full." : '';
  return (
    <ConfirmDialog
      trigger={trigger}
      title={`Cancel order ${order.shortId}?`}
      description={`${told}.${refund} This cannot be undone.`}
      cancelLabel="Keep Order"
      confirmLabel="Cancel Order"
      destructive
      onConfirm={onConfirm}
    />
  );
}
