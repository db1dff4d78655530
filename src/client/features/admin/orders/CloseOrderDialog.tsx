import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { formatMoney } from '@shared/money.js';
import {
  CLOSE_REASON_MAX,
  CLOSURE_MESSAGES,
  closeReasonField,
  type CloseOutcome,
  type RefundChoice,
} from '@shared/orders/closures.js';
import type { AdminOrderView } from '@shared/orders/views.js';
import { Button } from '@/components/ui/button.js';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog.js';
import { FieldError, FormField } from '@/components/ui/form-field.js';
import { RadioCard, RadioGroup } from '@/components/ui/radio-group.js';
import { Textarea } from '@/components/ui/textarea.js';
import { errorMessage } from '@/lib/apiError.js';
import { notifySuccess } from '@/lib/toast.js';
import { ADMIN_ORDERS_KEY, closeOrder } from './adminOrdersApi.js';

const COPY: Record<CloseOutcome, { action: string; done: string; explain: (order: AdminOrderView) => string }> = {
  delivered: {
    action: 'Close as Delivered',
    done: CLOSURE_MESSAGES.closedDelivered,
    explain: () =>
      'For food that reached the customer when the driver cannot complete the delivery. No delivery code is needed, and it counts as delivered everywhere.',
  },
  cancelled: {
    action: 'Close as Cancelled',
    done: CLOSURE_MESSAGES.closedCancelled,
    explain: (order) =>
      `${order.customerName} and ${order.restaurantName} are told that the order was cancelled${order.driverName ? `, and ${order.driverName} no longer delivers it` : ''}. This cannot be undone.`,
  },
};

const REFUNDS: Record<RefundChoice, { title: string; detail: (order: AdminOrderView) => string }> = {
  full: {
    title: 'Refund in full',
    detail: (order) => `${formatMoney(order.totalAmount, order.currencySymbol)} goes back to the customer's card.`,
  },
  none: { title: 'No refund', detail: () => 'The payment is kept: the food was delivered or eaten.' },
};

/** A card payment that went through and has not been given back: cancelling it asks what becomes of it. */
const paidByCard = (order: AdminOrderView) => order.paymentMethod === 'paystack-card' && order.paymentStatus === 'completed';

/** 'Close as Delivered' or 'Close as Cancelled': support brings an unfinished order to an end, with a reason that is kept. */
export function CloseOrderDialog({ order, outcome }: { order: AdminOrderView; outcome: CloseOutcome }) {
  const [open, setOpen] = useState(false);
  const copy = COPY[outcome];
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="lg" aria-label={`${copy.action}: order ${order.shortId}`}>
          {copy.action}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{`${copy.action}: order ${order.shortId}`}</DialogTitle>
          <DialogDescription>{copy.explain(order)}</DialogDescription>
        </DialogHeader>
        {/* A fresh, empty form at every opening. */}
        {open && <CloseForm order={order} outcome={outcome} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function CloseForm({ order, outcome, onDone }: { order: AdminOrderView; outcome: CloseOutcome; onDone: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [reason, setReason] = useState('');
  const [refund, setRefund] = useState<RefundChoice | undefined>();
  const [tried, setTried] = useState(false);
  const reasonInput = useRef<HTMLTextAreaElement>(null);
  const asksRefund = outcome === 'cancelled' && paidByCard(order);
  const copy = COPY[outcome];

  const close = useMutation({
    mutationFn: () => closeOrder(order.id, { outcome, reason, ...(asksRefund ? { refund } : {}) }),
    onSuccess: () => {
      notifySuccess(copy.done, `Order ${order.shortId}`);
      onDone();
    },
    onError: (error) => toast.error(CLOSURE_MESSAGES.closeFailed, { description: errorMessage(error, 'Please try again.') }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ORDERS_KEY }),
  });

  const checked = closeReasonField().safeParse(reason);
  const reasonError = tried && !checked.success ? checked.error.issues[0]?.message : undefined;
  const refundError = tried && asksRefund && !refund ? CLOSURE_MESSAGES.refundChoiceNeeded : undefined;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    // Like the app's react-hook-form forms, a refused submit takes the focus to the reason at fault.
    if (!checked.success) reasonInput.current?.focus();
    else if (!(asksRefund && !refund) && !close.isPending) close.mutate();
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <FormField
        id={`${id}-reason`}
        label="Reason"
        error={reasonError}
        hint={
          outcome === 'cancelled'
            ? 'Kept with the order, and shown to the customer: leave out names, phone numbers and addresses.'
            : 'Kept with the order for support.'
        }
      >
        <Textarea
          ref={reasonInput}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={CLOSE_REASON_MAX}
          required
        />
      </FormField>
      {asksRefund && (
        <fieldset className="grid gap-2" aria-describedby={`${id}-refund-error`}>
          <legend id={`${id}-refund`} className="mb-2 text-sm font-medium">
            Card payment
          </legend>
          <RadioGroup
            aria-labelledby={`${id}-refund`}
            value={refund ?? ''}
            onValueChange={(next) => setRefund(next as RefundChoice)}
            aria-invalid={refundError ? true : undefined}
          >
            {(Object.keys(REFUNDS) as RefundChoice[]).map((choice) => (
              <RadioCard
                key={choice}
                id={`${id}-refund-${choice}`}
                value={choice}
                title={REFUNDS[choice].title}
                detail={REFUNDS[choice].detail(order)}
              />
            ))}
          </RadioGroup>
          <FieldError id={`${id}-refund-error`} message={refundError} />
        </fieldset>
      )}
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline" size="lg">
            Keep Order
          </Button>
        </DialogClose>
        <Button type="submit" size="lg" variant={outcome === 'cancelled' ? 'destructive' : 'default'} busy={close.isPending}>
          {copy.action}
        </Button>
      </DialogFooter>
    </form>
  );
}
