import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Hourglass, TimerReset } from 'lucide-react';
import { useState } from 'react';
import { BUSY_MESSAGES, BUSY_MINUTES, type BusyBody } from '@shared/restaurants/busy.js';
import type { OwnRestaurant } from '@shared/restaurants/schemas.js';
import { ApiError } from '@/lib/apiError.js';
import { notifyFailure, notifySuccess } from '@/lib/toast.js';
import { useRefocus } from '@/lib/useRefocus.js';
import { applyBusy, clearKitchenBusy, markKitchenBusy } from './busyApi.js';
import { ChoiceToggle } from './ChoiceToggle.js';

type Minutes = BusyBody['minutes'];

const CHOICES = BUSY_MINUTES.map((minutes) => ({ value: minutes, label: `+${minutes} minutes` }));

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
      notifyFailure(BUSY_MESSAGES.failed, error instanceof ApiError ? error.message : undefined, TOAST_ID);
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
      <ChoiceToggle
        on={busy}
        button={button}
        labels={{ choose: 'Kitchen busy', undo: 'Back to normal' }}
        icons={{ choose: Hourglass, undo: TimerReset }}
        onUndo={() => change.mutate('normal')}
        choosing={choosing}
        onChoosingChange={setChoosing}
        description={`New orders and the delivery times customers see get these minutes on top of your usual ${restaurant.prepMinutes}. Orders already placed keep their times.`}
        choices={CHOICES}
        onChoose={(minutes) => change.mutate(minutes)}
        pending={change.isPending}
        pendingValue={change.variables === 'normal' ? 'undo' : change.variables}
      />
    </div>
  );
}
