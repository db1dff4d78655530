import { BottomBar } from '@/components/ui/bottom-bar.js';
import { Button } from '@/components/ui/button.js';

interface PlaceOrderBarProps {
  /** The order's total, or null while the delivery fee or the tip is not known. */
  total: string | null;
  busy: boolean;
  label: string;
  /** Why the order cannot be placed now (the restaurant is closed, 'Too far to deliver', the minimum order...); null when it can. */
  blocked: string | null;
}

/**
 * The order's total and its submit button ('Place Order', or paying by card, or what is under way),
 * disabled with the reason beside it while the restaurant or the delivery does not allow the order. On a phone it
 * stays pinned to the bottom of the screen while the customer fills in the form above; on a wide
 * screen it sits in the payment step, which stays in view beside the form.
 */
export function PlaceOrderBar({ total, busy, label, blocked }: PlaceOrderBarProps) {
  return (
    <BottomBar className="lg:static lg:z-auto lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none lg:backdrop-blur-none">
      <div className="mx-auto grid max-w-xl gap-1.5">
        <div className="flex items-center gap-4">
          <p className="grid shrink-0 leading-tight">
            <span className="text-xs text-muted-foreground">Total</span>
            <span className="text-lg font-bold tabular-nums">
              {total ?? (
                <>
                  <span aria-hidden>—</span>
                  <span className="sr-only">not known yet</span>
                </>
              )}
            </span>
          </p>
          <Button
            type="submit"
            size="lg"
            className="h-12 flex-1"
            busy={busy}
            disabled={blocked !== null}
            aria-describedby={blocked ? 'place-order-blocked' : undefined}
          >
            {label}
          </Button>
        </div>
        {blocked && (
          <p id="place-order-blocked" className="text-xs text-muted-foreground">
            {blocked}
          </p>
        )}
      </div>
    </BottomBar>
  );
}
