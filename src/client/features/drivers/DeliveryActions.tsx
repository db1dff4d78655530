import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import type { DeliveryView } from '@shared/orders/views.js';
import { Button } from '@/components/ui/button.js';
import { errorMessage } from '@/lib/apiError.js';
import { notifySuccess } from '@/lib/toast.js';
import { useOneAtATime } from '@/lib/useOneAtATime.js';
import { DeliveryCodeDialog } from './DeliveryCodeDialog.js';
import { DoorWait } from './DoorWait.js';
import { availableOrdersKey, declineOrder, deliveriesKey, moveDelivery } from './driverApi.js';

type Step = 'pick_up' | 'decline';

const run = (orderId: string, step: Step) => (step === 'pick_up' ? moveDelivery(orderId, 'picked_up') : declineOrder(orderId));

/**
 * The driver's next move with a delivery: 'Picked Up' or 'Decline' while on the way to the
 * restaurant, then 'Complete Delivery' with the customer's code, or, when nobody answers the
 * door, the wait and 'Customer not available' (DoorWait). A refused move says why and
 * refetches, which shows where the order really is.
 */
export function DeliveryActions({ delivery }: { delivery: DeliveryView }) {
  const queryClient = useQueryClient();
  const [codeOpen, setCodeOpen] = useState(false);
  const move = useMutation({
    mutationFn: (step: Step) => run(delivery.id, step),
    onSuccess: (_moved, step) => notifySuccess(step === 'pick_up' ? DRIVER_MESSAGES.pickedUp : DRIVER_MESSAGES.declined),
    onError: (error) => toast.error(DRIVER_MESSAGES.updateFailed, { description: errorMessage(error, 'Please try again.') }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: deliveriesKey });
      void queryClient.invalidateQueries({ queryKey: availableOrdersKey });
    },
  });
  const send = useOneAtATime(move);
  const busyWith = move.isPending ? move.variables : null;

  if (delivery.status === 'accepted') {
    return (
      <div className="grid grid-cols-2 gap-2">
        <Button size="lg" busy={busyWith === 'pick_up'} disabled={move.isPending} onClick={() => send('pick_up')}>
          Picked Up
        </Button>
        <Button
          variant="outline"
          size="lg"
          busy={busyWith === 'decline'}
          disabled={move.isPending}
          onClick={() => send('decline')}
        >
          Decline
        </Button>
      </div>
    );
  }
  if (delivery.status !== 'picked_up') return null;
  return (
    <div className="grid gap-2">
      {delivery.codeLocked && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-destructive/40 px-3 py-2 text-sm text-destructive"
        >
          <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
          {DRIVER_MESSAGES.codeLocked}
        </p>
      )}
      <Button size="lg" className="w-full" disabled={delivery.codeLocked} onClick={() => setCodeOpen(true)}>
        Complete Delivery
      </Button>
      <DeliveryCodeDialog delivery={delivery} open={codeOpen} onOpenChange={setCodeOpen} />
      <DoorWait delivery={delivery} />
    </div>
  );
}
