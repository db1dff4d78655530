import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { DRIVER_MESSAGES, cleanDeliveryCode } from '@shared/drivers/schemas.js';
import type { DeliveryView } from '@shared/orders/views.js';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog.js';
import { Input } from '@/components/ui/input.js';
import { Label } from '@/components/ui/label.js';
import { notifySuccess } from '@/lib/toast.js';
import { useOneAtATime } from '@/lib/useOneAtATime.js';
import { completeDelivery, deliveriesKey } from './driverApi.js';
import { deliveryFailure } from './deliveryFailure.js';

const CODE_LENGTH = 6;

interface DeliveryCodeDialogProps {
  delivery: DeliveryView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Verify Delivery Code': the customer's 6 digits complete the delivery. */
export function DeliveryCodeDialog({ delivery, open, onOpenChange }: DeliveryCodeDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Verify Delivery Code"
      description={`Ask ${delivery.customerName} for the 6-digit code shown with their order ${delivery.shortId}.`}
    >
      <CodeForm delivery={delivery} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CodeForm({ delivery, onDone }: { delivery: DeliveryView; onDone: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [code, setCode] = useState('');
  /** The code the server last refused as wrong: marked invalid until it is changed. */
  const [refused, setRefused] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const complete = useMutation({
    mutationFn: () => completeDelivery(delivery.id, { code }),
    onSuccess: () => {
      notifySuccess(DRIVER_MESSAGES.completed, DRIVER_MESSAGES.completedDescription);
      onDone();
    },
    onError: (error) => {
      const failure = deliveryFailure(error);
      toast.error(failure.title, { description: failure.description });
      if (!failure.keepOpen) onDone();
      else if (failure.title === DRIVER_MESSAGES.invalidCodeTitle) setRefused(code);
      // The busy button took the focus away: give it back to the code, selected, to type it again.
      else input.current?.select();
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: deliveriesKey }),
  });
  const completeOnce = useOneAtATime(complete);
  const complete6 = code.length === CODE_LENGTH;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (complete6) completeOnce();
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-2">
        <Label htmlFor={id}>Delivery code</Label>
        <Input
          id={id}
          ref={input}
          value={code}
          onChange={(event) => setCode(cleanDeliveryCode(event.target.value))}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={CODE_LENGTH}
          placeholder="000000"
          className="h-12 text-center font-mono text-2xl tracking-[0.4em] md:text-2xl"
          autoFocus
          aria-invalid={refused !== null && refused === code ? true : undefined}
        />
      </div>
      <FormDialogFooter busy={complete.isPending} disabled={!complete6}>
        Verify &amp; Complete
      </FormDialogFooter>
    </form>
  );
}
