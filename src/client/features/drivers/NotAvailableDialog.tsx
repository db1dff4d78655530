import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type SubmitEvent } from 'react';
import { toast } from 'sonner';
import { NOT_AVAILABLE_MESSAGES as M } from '@shared/orders/notAvailable.js';
import type { DeliveryView } from '@shared/orders/views.js';
import { FormDialog, FormDialogFooter } from '@/components/ui/form-dialog.js';
import { ImageInput } from '@/components/ui/image-input.js';
import { Label } from '@/components/ui/label.js';
import { errorMessage } from '@/lib/apiError.js';
import { notifySuccess } from '@/lib/toast.js';
import { closeNotAvailable, deliveriesKey } from './driverApi.js';

interface NotAvailableDialogProps {
  delivery: DeliveryView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Customer not available': a photo of the door (the camera, on a phone) closes the delivery. */
export function NotAvailableDialog({ delivery, open, onOpenChange }: NotAvailableDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Customer not available"
      description={`Take a photo of the door you waited at for order ${delivery.shortId}. ${delivery.customerName} and support will see it.`}
    >
      <PhotoForm delivery={delivery} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function PhotoForm({ delivery, onDone }: { delivery: DeliveryView; onDone: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [photo, setPhoto] = useState<File | null>(null);
  const close = useMutation({
    mutationFn: (file: File) => closeNotAvailable(delivery.id, file),
    onSuccess: () => {
      notifySuccess(M.closed);
      onDone();
    },
    onError: (error) => toast.error(M.closeFailed, { description: errorMessage(error, 'Please try again.') }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: deliveriesKey }),
  });

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (photo && !close.isPending) close.mutate(photo);
  };

  return (
    <form className="grid gap-4" onSubmit={submit} noValidate>
      <div className="grid gap-2">
        <Label htmlFor={id}>Photo of the door</Label>
        <ImageInput id={id} value={photo} onChange={setPhoto} previewAlt="Door photo preview" capture="environment" />
      </div>
      <FormDialogFooter busy={close.isPending} disabled={!photo} variant="destructive">
        Close delivery
      </FormDialogFooter>
    </form>
  );
}
