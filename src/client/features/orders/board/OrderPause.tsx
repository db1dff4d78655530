import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CirclePause, CirclePlay, Clock } from 'lucide-react';
import { useState } from 'react';
import { openingLabel, openingState, PAUSE_MESSAGES, PAUSE_MINUTES, type PauseBody } from '@shared/restaurants/hours.js';
import type { OwnRestaurant } from '@shared/restaurants/schemas.js';
import { ApiError } from '@/lib/apiError.js';
import { cn } from '@/lib/cn.js';
import { notifyFailure, notifySuccess } from '@/lib/toast.js';
import { useRefocus } from '@/lib/useRefocus.js';
import { useOpeningState } from '@/lib/useOpeningState.js';
import { applyPause, pauseOrders, resumeOrders } from './pauseApi.js';
import { ChoiceToggle } from './ChoiceToggle.js';

type Minutes = PauseBody['minutes'];

const CHOICES: { value: Minutes; label: string }[] = [
  ...PAUSE_MINUTES.map((minutes) => ({ value: minutes, label: `${minutes} minutes` })),
  { value: null, label: 'Until I resume' },
];

/** Pausing and resuming answer with one toast each, the latest replacing the one before. */
const TOAST_ID = 'order-pause';

/**
 * Lets the owner stop new orders for a while, and shows in the restaurant's own time when it is
 * not taking them: paused (with 'Resume orders') or closed by its opening hours. Judged again
 * every minute, so a pause that runs out leaves the status without a reload.
 */
export function OrderPause({ restaurant }: { restaurant: OwnRestaurant }) {
  const queryClient = useQueryClient();
  const [choosing, setChoosing] = useState(false);
  // One button, relabelled 'Pause new orders' or 'Resume orders', takes the focus back once the change shows.
  const { target: button, refocus } = useRefocus<HTMLButtonElement>();

  const change = useMutation({
    mutationFn: (minutes: Minutes | 'resume') =>
      minutes === 'resume' ? resumeOrders(restaurant.id) : pauseOrders(restaurant.id, minutes),
    onSuccess: ({ pause }) => {
      applyPause(queryClient, pause);
      setChoosing(false);
      refocus();
      const state = openingState({ ...restaurant, pause });
      const until = !state.taking && state.why === 'paused' ? state.until : null;
      notifySuccess(pause ? PAUSE_MESSAGES.paused(until) : PAUSE_MESSAGES.resumed, undefined, TOAST_ID);
    },
    onError: (error) => {
      notifyFailure(PAUSE_MESSAGES.failed, error instanceof ApiError ? error.message : undefined, TOAST_ID);
    },
  });

  const state = useOpeningState(restaurant);
  const label = state && openingLabel(state);
  const paused = state?.taking === false && state.why === 'paused';
  const Icon = paused ? CirclePause : Clock;

  return (
    <div className={cn('flex min-w-0 flex-wrap items-center gap-2', label && 'basis-full')}>
      {label && (
        <p
          className={cn(
            'flex min-w-0 items-center gap-2 rounded-md px-3 py-2 text-sm break-words',
            paused ? 'border border-destructive/40 bg-destructive/10 font-medium' : 'bg-muted text-muted-foreground',
          )}
        >
          <Icon aria-hidden className="size-4 shrink-0" />
          {label}
        </p>
      )}
      <ChoiceToggle
        on={paused}
        button={button}
        labels={{ choose: 'Pause new orders', undo: 'Resume orders' }}
        icons={{ choose: CirclePause, undo: CirclePlay }}
        onUndo={() => change.mutate('resume')}
        choosing={choosing}
        onChoosingChange={setChoosing}
        description="Customers cannot order until the pause ends. Orders already placed stay on the board."
        choices={CHOICES}
        onChoose={(minutes) => change.mutate(minutes)}
        pending={change.isPending}
        pendingValue={change.variables === 'resume' ? 'undo' : change.variables}
      />
    </div>
  );
}
