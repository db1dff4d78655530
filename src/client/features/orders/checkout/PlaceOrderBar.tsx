import { BottomBar } from '@/components/ui/bottom-bar.js';
import { Button } from '@/components/ui/button.js';

/**
 * The order's total and its submit button ('Place Order', or paying by card, or what is under way). On a phone it stays pinned to the bottom of the screen
 * while the customer fills in the form above; on a wide screen it sits in the payment step,
 * which stays in view beside the form.
 */
export function PlaceOrderBar({ total, busy, label }: { total: string; busy: boolean; label: string }) {
  return (
    <BottomBar className="lg:static lg:z-auto lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none lg:backdrop-blur-none">
      <div className="mx-auto flex max-w-xl items-center gap-4">
        <p className="grid shrink-0 leading-tight">
          <span className="text-xs text-muted-foreground">Total</span>
          <span className="text-lg font-bold tabular-nums">{total}</span>
        </p>
        <Button type="submit" size="lg" className="h-12 flex-1" busy={busy}>
          {label}
        </Button>
      </div>
    </BottomBar>
  );
}
