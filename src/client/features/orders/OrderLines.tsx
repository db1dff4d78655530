import { formatMoney } from '@shared/money.js';
import type { OrderLine } from '@shared/orders/schemas.js';
import { cn } from '@/lib/cn.js';

interface OrderLinesProps {
  items: OrderLine[];
  totalAmount: number;
  currencySymbol: string;
  /** The kitchen reads lines at a glance: larger text, amounts set back. */
  prominent?: boolean;
}

/** An order's lines with what each came to, and its total: the customer's card and the kitchen's. */
export function OrderLines({ items, totalAmount, currencySymbol, prominent = false }: OrderLinesProps) {
  return (
    <div>
      <h3 className="sr-only">Items</h3>
      <ul className={cn('grid gap-1.5', !prominent && 'text-sm')}>
        {items.map((line, index) => (
          <li key={line.menuItemId ?? index} className="flex justify-between gap-3">
            <span className="min-w-0 break-words">
              <span className={cn('tabular-nums', prominent ? 'font-semibold' : 'font-medium')}>{line.quantity} ×</span>{' '}
              {line.name}
            </span>
            <span className={cn('shrink-0 tabular-nums', prominent && 'text-sm text-muted-foreground')}>
              {formatMoney(line.price * line.quantity, currencySymbol)}
            </span>
          </li>
        ))}
      </ul>
      <p className="mt-3 flex justify-between gap-3 border-t pt-3 font-semibold">
        <span>Total</span>
        <span className="tabular-nums">{formatMoney(totalAmount, currencySymbol)}</span>
      </p>
    </div>
  );
}
