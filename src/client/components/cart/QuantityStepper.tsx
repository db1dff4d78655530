import { Minus, Plus, Trash2 } from 'lucide-react';
import { MAX_ITEM_QUANTITY } from '@shared/orders/schemas.js';
import { Button } from '@/components/ui/button.js';
import { cn } from '@/lib/cn.js';

interface QuantityStepperProps {
  /** The dish, named in the buttons' accessible names ('Increase quantity of Jollof Rice'). */
  name: string;
  quantity: number;
  /** False while no more can be added, such as a dish sold out for today; the quantity can still go down. */
  canIncrease?: boolean;
  onIncrease: () => void;
  onDecrease: () => void;
  className?: string;
}

/** − quantity + for one cart line; at quantity 1 the minus becomes a bin that removes the line. */
export function QuantityStepper({ name, quantity, canIncrease = true, onIncrease, onDecrease, className }: QuantityStepperProps) {
  const removes = quantity <= 1;
  return (
    <div className={cn('inline-flex items-center rounded-full border bg-background shadow-xs', className)}>
      <Button
        variant="ghost"
        size="icon"
        className="rounded-full"
        aria-label={removes ? `Remove ${name} from cart` : `Decrease quantity of ${name}`}
        onClick={onDecrease}
      >
        {removes ? <Trash2 aria-hidden /> : <Minus aria-hidden />}
      </Button>
      <span className="min-w-7 text-center text-sm font-semibold tabular-nums" aria-live="polite">
        <span className="sr-only">{name} quantity: </span>
        {quantity}
      </span>
      <Button
        variant="ghost"
        size="icon"
        className="rounded-full"
        aria-label={`Increase quantity of ${name}`}
        disabled={!canIncrease || quantity >= MAX_ITEM_QUANTITY}
        onClick={onIncrease}
      >
        <Plus aria-hidden />
      </Button>
    </div>
  );
}
