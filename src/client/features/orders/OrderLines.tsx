import { formatMoney } from '@shared/money.js';
import type { OrderLine } from '@shared/orders/schemas.js';
import { cn } from '@/lib/cn.js';

/** What the customer paid beyond the food, minor units (OrderView). */
interface OrderCharges {
  subtotalAmount: number;
  deliveryFee: number;
  tipAmount: number;
}

interface OrderLinesProps {
  items: OrderLine[];
  totalAmount: number;
  currencySymbol: string;
  /** The customer's own order: its subtotal, delivery fee and tip are listed above the total when a fee or a tip was paid. */
  charges?: OrderCharges;
  /** The kitchen reads lines at a glance: larger text, amounts set back. */
  prominent?: boolean;
}

function Charge({ label, amount }: { label: string; amount: string }) {
  return (
    <div className="flex justify-between gap-3 text-muted-foreground">
      <dt>{label}</dt>
      <dd className="tabular-nums">{amount}</dd>
    </div>
  );
}

/** An order's lines with what each came to, and its total (with what went to delivery and the tip): the customer's card and the kitchen's. */
export function OrderLines({ items, totalAmount, currencySymbol, charges, prominent = false }: OrderLinesProps) {
  const money = (minor: number) => formatMoney(minor, currencySymbol);
  const breakdown = charges && (charges.deliveryFee > 0 || charges.tipAmount > 0) ? charges : null;
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
      {breakdown ? (
        <dl className="mt-3 grid gap-1 border-t pt-3 text-sm">
          <Charge label="Subtotal" amount={money(breakdown.subtotalAmount)} />
          <Charge label="Delivery fee" amount={breakdown.deliveryFee === 0 ? 'Free' : money(breakdown.deliveryFee)} />
          <Charge label="Tip" amount={money(breakdown.tipAmount)} />
          <div className="mt-1 flex justify-between gap-3 border-t pt-2 text-base font-semibold">
            <dt>Total</dt>
            <dd className="tabular-nums">{money(totalAmount)}</dd>
          </div>
        </dl>
      ) : (
        <p className="mt-3 flex justify-between gap-3 border-t pt-3 font-semibold">
          <span>Total</span>
          <span className="tabular-nums">{money(totalAmount)}</span>
        </p>
      )}
    </div>
  );
}
