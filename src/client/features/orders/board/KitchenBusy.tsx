import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Hourglass, TimerReset } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { BUSY_MESSAGES, BUSY_MINUTES, type BusyBody } from '@shared/restaurants/busy.js';
import type { OwnRestaurant } from '@shared/restaurants/schemas.js';
import { Button } from '@/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog.js';
import { ApiError } from '@/lib/apiError.js';
import { notifySuccess } from '@/lib/toast.js';
import { useRefocus } from '@/lib/useRefocus.js';
import { applyBusy, clearKitchenBusy, markKitchenBusy } from './busyApi.js';

type Minutes = BusyBody['minutes'];

/** Marking busy and going back to normal answer with one toast each, the latest replacing the one before. */
const TOAST_ID = 'kitchen-busy';

/**
 * Lets the owner add 10, 20 or 30 minutes to the preparation time of new orders while the kitchen
 * is swamped, shows it ('Busy: +20 min'), and goes back to normal. Customers' delivery times and
 * the orders placed meanwhile count the extra minutes; orders already placed keep theirs.
 */
export function KitchenBusy({ restaurant }: { restaurant: OwnRestaurant }) {
  const queryClient = useQueryClient();
  const [choosing, setChoosing] = useState(false);
  // One button, relabelled 'Kitchen busy' or 'Back to normal', takes the focus back once the change shows.
  const { target: button, refocus } = useRefocus<HTMLButtonElement>();

  const change = useMutation({
    mutationFn: (minutes: Minutes | 'normal') =>
      minutes === 'normal' ? clearKitchenBusy(restaurant.id) : markKitchenBusy(restaurant.id, minutes),
    onSuccess: ({ busyMinutes }) => {
      applyBusy(queryClient, busyMinutes);
      setChoosing(false);
      refocus();
      notifySuccess(busyMinutes > 0 ? BUSY_MESSAGES.marked(busyMinutes) : BUSY_MESSAGES.cleared, undefined, TOAST_ID);
    },
    onError: (error) => {
      toast.error(BUSY_MESSAGES.failed, { id: TOAST_ID, description: error instanceof ApiError ? error.message : undefined });
    },
  });

  const busy = restaurant.busyMinutes > 0;

  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      {busy && (
        <p className="flex items-center gap-2 rounded-md border border-saffron/60 bg-saffron/15 px-3 py-2 text-sm font-medium">
          <Hourglass aria-hidden className="size-4 shrink-0" />
          {BUSY_MESSAGES.state(restaurant.busyMinutes)}
        </p>
      )}
      <Button
        ref={button}
        variant="outline"
        size="lg"
        className="px-4"
        busy={busy && change.isPending}
        aria-haspopup={busy ? undefined : 'dialog'}
        onClick={() => (busy ? change.mutate('normal') : setChoosing(true))}
      >
        {busy ? <TimerReset aria-hidden /> : <Hourglass aria-hidden />}
        {busy ? 'Back to normal' : 'Kitchen busy'}
      </Button>
      <Dialog open={choosing} onOpenChange={(open) => !change.isPending && setChoosing(open)}>
        <DialogContent
          className="max-w-sm"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            button.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>Kitchen busy</DialogTitle>
            <DialogDescription>
              New orders and the delivery times customers see get these minutes on top of your usual {restaurant.prepMinutes}.
              Orders already placed keep their times.
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            {BUSY_MINUTES.map((minutes) => (
              <Button
                key={minutes}
                variant="outline"
                size="lg"
                busy={change.isPending && change.variables === minutes}
                disabled={change.isPending}
                onClick={() => change.mutate(minutes)}
              >
                +{minutes} minutes
              </Button>
            ))}
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}
