import { chosenOptionsText } from '@shared/menu/options.js';
import type { OrderLine } from '@shared/orders/schemas.js';
import { cn } from '@/lib/cn.js';

/** What an order holds at a glance, for sales and support: '2 × Jollof' with the choices picked ('Fish, Egg') beneath. */
export function OrderItemsSummary({ items, className }: { items: readonly OrderLine[]; className?: string }) {
  if (items.length === 0) return null;
  return (
    <ul aria-label="Items" className={cn('grid gap-1 text-sm', className)}>
      {items.map((line, index) => (
        // Two lines may be the same dish with other choices.
        <li key={index} className="break-words">
          <span className="font-medium tabular-nums">{line.quantity} ×</span> {line.name}
          {line.choices.length > 0 && (
            <span className="block text-xs text-muted-foreground">{chosenOptionsText(line.choices)}</span>
          )}
        </li>
      ))}
    </ul>
  );
}
