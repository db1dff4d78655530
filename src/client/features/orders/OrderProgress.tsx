import { Check } from 'lucide-react';
import type { OrderStatus } from '@shared/orders/status.js';
import { cn } from '@/lib/cn.js';
import { progressOf, STATUS_DESCRIPTIONS, type StepState } from './orderProgress.js';
import { STATUS_ICONS } from './StatusBadge.js';

const STATE_TEXT: Record<StepState, string> = { done: 'done', current: 'now', upcoming: 'to come' };

/**
 * Where an order has got to: placed, confirmed, preparing, ready, on the way, delivered, as a list
 * whose current step carries aria-current, and a sentence saying what that means. A phone has
 * room to name only the current step; the others are told by their icons (and to screen readers).
 * An order that left the steps (cancelled, customer not available) shows only the sentence, in red.
 */
export function OrderProgress({ status }: { status: OrderStatus }) {
  const steps = progressOf(status);
  return (
    <div className="grid gap-3">
      {steps && (
        <ol aria-label="Order progress" className="grid grid-cols-6">
          {steps.map(({ step, state }, index) => {
            const Icon = state === 'done' ? Check : STATUS_ICONS[step.statuses[0]];
            const reached = state !== 'upcoming';
            return (
              <li
                key={step.label}
                aria-current={state === 'current' ? 'step' : undefined}
                className="group/step relative flex flex-col items-center gap-1 text-center"
              >
                {index > 0 && (
                  <span
                    aria-hidden
                    className={cn('absolute top-3.25 right-1/2 h-0.5 w-full', reached ? 'bg-primary' : 'bg-border')}
                  />
                )}
                <span
                  className={cn(
                    'relative z-10 grid size-7 place-items-center rounded-full border-2',
                    reached ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card text-muted-foreground',
                    state === 'current' && 'ring-4 ring-primary/25',
                  )}
                >
                  <Icon aria-hidden className="size-3.5" />
                </span>
                <span
                  className={cn(
                    'text-[0.6875rem] leading-tight',
                    state === 'current'
                      ? 'font-semibold whitespace-nowrap text-foreground max-sm:group-first/step:self-start max-sm:group-last/step:self-end'
                      : 'text-muted-foreground max-sm:sr-only',
                  )}
                >
                  {step.label}
                  <span className="sr-only">: {STATE_TEXT[state]}</span>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <p className={cn('text-sm', steps ? 'text-muted-foreground' : 'font-medium text-destructive')}>
        {STATUS_DESCRIPTIONS[status]}
      </p>
    </div>
  );
}
