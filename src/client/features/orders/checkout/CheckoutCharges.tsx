import type { ReactNode } from 'react';
import { DELIVERY_MESSAGES } from '@shared/delivery/fees.js';
import { formatMoney } from '@shared/money.js';
import { Button } from '@/components/ui/button.js';
import { Spinner } from '@/components/ui/spinner.js';
import { cn } from '@/lib/cn.js';
import type { DeliveryStatus } from './deliveryQuote.js';
import type { TipAmount } from './tip.js';

interface CheckoutChargesProps {
  /** The food at the menu's prices, minor units. */
  subtotal: number;
  symbol: string;
  delivery: DeliveryStatus;
  tip: TipAmount;
  onRetry: () => void;
  retrying: boolean;
}

/** What the whole order comes to, or null while the delivery fee or the typed tip is not known. */
export function checkoutTotal(subtotal: number, delivery: DeliveryStatus, tip: TipAmount): number | null {
  if (!tip.ok || (delivery.kind !== 'ready' && delivery.kind !== 'belowMinimum')) return null;
  return subtotal + delivery.fee + tip.amount;
}

function Row({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-3', className)}>
      <dt>{label}</dt>
      <dd className="min-w-0 text-right tabular-nums">{children}</dd>
    </div>
  );
}

/** Not known yet: a dash for the eye, words for the ear. */
const unknown = (
  <>
    <span aria-hidden>—</span>
    <span className="sr-only">not known yet</span>
  </>
);

function DeliveryFee({ delivery }: { delivery: DeliveryStatus }) {
  switch (delivery.kind) {
    case 'loading':
      return (
        <span className="inline-flex items-center gap-1.5 text-muted-foreground">
          <Spinner />
          Working out...
        </span>
      );
    case 'failed':
      return <span className="text-destructive">Not available</span>;
    case 'needsPin':
      return <span className="text-muted-foreground">Needs your location</span>;
    case 'tooFar':
      return <span className="font-medium text-destructive">{DELIVERY_MESSAGES.tooFarShort}</span>;
    default:
      return delivery.fee === 0 ? 'Free' : formatMoney(delivery.fee, delivery.symbol);
  }
}

/**
 * The order's money before the customer commits: the food, the delivery fee (the server's quote
 * for the pin, announced as it changes), the tip and the total; and why the order cannot go
 * ahead when the address is too far or the food under the restaurant's minimum.
 */
export function CheckoutCharges({ subtotal, symbol, delivery, tip, onRetry, retrying }: CheckoutChargesProps) {
  const total = checkoutTotal(subtotal, delivery, tip);
  let problem: ReactNode = null;
  if (delivery.kind === 'tooFar' || delivery.kind === 'belowMinimum' || delivery.kind === 'needsPin') {
    problem = delivery.message;
  } else if (delivery.kind === 'failed') {
    problem = (
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
        The delivery fee could not be worked out. Check your connection and try again.
        <Button variant="outline" size="sm" busy={retrying} onClick={onRetry}>
          Try again
        </Button>
      </span>
    );
  }

  return (
    <div>
      <dl aria-label="Order total" className="grid gap-1.5 border-t pt-3 text-sm">
        <Row label="Subtotal">{formatMoney(subtotal, symbol)}</Row>
        <Row label="Delivery fee">
          <span aria-live="polite" aria-busy={delivery.kind === 'loading'}>
            <DeliveryFee delivery={delivery} />
          </span>
        </Row>
        <Row label="Tip">{tip.ok ? formatMoney(tip.amount, symbol) : unknown}</Row>
        <Row label="Total" className="mt-1 border-t pt-2 text-lg font-bold">
          <span aria-live="polite">{total === null ? unknown : formatMoney(total, symbol)}</span>
        </Row>
      </dl>
      <div
        aria-live="polite"
        className={cn(
          'text-sm',
          delivery.kind === 'needsPin' ? 'text-foreground' : 'text-destructive',
          problem !== null && 'mt-2',
        )}
      >
        {problem}
      </div>
    </div>
  );
}
