import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DoorClosed, Hourglass } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatWaitLeft, NOT_AVAILABLE_MESSAGES as M, type DoorWait as Wait } from '@shared/orders/notAvailable.js';
import type { DeliveryView } from '@shared/orders/views.js';
import { countOf } from '@shared/plural.js';
import { Button } from '@/components/ui/button.js';
import { errorMessage } from '@/lib/apiError.js';
import { notifySuccess } from '@/lib/toast.js';
import { deliveriesKey, startDoorWait } from './driverApi.js';
import { NotAvailableDialog } from './NotAvailableDialog.js';
import { useSecondsLeft } from './useSecondsLeft.js';

/**
 * When the customer does not answer (decision 030): 'Start waiting' at the door, then the wait's
 * countdown, then 'Customer not available', which asks for a photo of the door. The wait comes
 * from the server, so a reload finds it running.
 */
export function DoorWait({ delivery }: { delivery: DeliveryView }) {
  const queryClient = useQueryClient();
  const start = useMutation({
    mutationFn: () => startDoorWait(delivery.id),
    onSuccess: () => notifySuccess(M.waitStarted),
    onError: (error) => toast.error(M.waitFailed, { description: errorMessage(error, 'Please try again.') }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: deliveriesKey }),
  });
  if (!delivery.doorWait) {
    return (
      <Button variant="outline" size="lg" className="w-full" busy={start.isPending} onClick={() => start.mutate()}>
        <Hourglass aria-hidden />
        Start waiting
      </Button>
    );
  }
  return <Countdown delivery={delivery} wait={delivery.doorWait} />;
}

/** What a screen reader hears, once a minute at most: the whole minutes left, then that the wait is over. */
const spoken = (secondsLeft: number) =>
  secondsLeft > 0
    ? `${countOf(Math.ceil(secondsLeft / 60), 'minute')} left to wait for the customer`
    : 'The wait is over: you may close the delivery as customer not available';

function Countdown({ delivery, wait }: { delivery: DeliveryView; wait: Wait }) {
  const [closeOpen, setCloseOpen] = useState(false);
  const secondsLeft = useSecondsLeft(wait.endsAt);
  const over = secondsLeft === 0;
  return (
    <div className="grid gap-2 rounded-lg border border-dashed px-3 py-2">
      <p className="flex items-center justify-between gap-2 text-sm">
        <span>{over ? 'You waited for the customer' : 'Waiting for the customer'}</span>
        <span aria-hidden className="font-mono text-lg font-semibold tabular-nums">
          {formatWaitLeft(secondsLeft)}
        </span>
      </p>
      <p aria-live="polite" className="sr-only">
        {spoken(secondsLeft)}
      </p>
      <Button variant="destructive" size="lg" disabled={!over} onClick={() => setCloseOpen(true)}>
        <DoorClosed aria-hidden />
        Customer not available
      </Button>
      <NotAvailableDialog delivery={delivery} open={closeOpen} onOpenChange={setCloseOpen} />
    </div>
  );
}
