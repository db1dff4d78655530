import { chosenOptionsText, type ChosenOption } from '@shared/menu/options.js';
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

/** A line's choices by group, in the dish's order: Protein → [Fish], Extras → [Shito, Egg]. */
function byGroup(choices: readonly ChosenOption[]): [string, ChosenOption[]][] {
  const groups = new Map<string, ChosenOption[]>();
  for (const choice of choices) groups.set(choice.group, [...(groups.get(choice.group) ?? []), choice]);
  return [...groups];
}

/**
 * What was picked for a line: for the cook, one line per group ('Protein: Fish', 'Extras: Shito,
 * Egg'), easy to read beside the stove; for the customer, one muted line ('Fish, Shito, Egg').
 */
function LineChoices({ choices, prominent }: { choices: readonly ChosenOption[]; prominent: boolean }) {
  if (choices.length === 0) return null;
  if (!prominent) return <span className="block text-xs text-muted-foreground">{chosenOptionsText(choices)}</span>;
  return (
    <span className="mt-0.5 grid gap-0.5 text-sm">
      {byGroup(choices).map(([group, picked]) => (
        <span key={group} className="block">
          <span className="text-muted-foreground">{group}:</span> <span className="font-medium">{chosenOptionsText(picked)}</span>
        </span>
      ))}
    </span>
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
          // Two lines may be the same dish with other choices.
          <li key={index} className="flex justify-between gap-3">
            <span className="min-w-0 break-words">
              <span className={cn('tabular-nums', prominent ? 'font-semibold' : 'font-medium')}>{line.quantity} ×</span>{' '}
              {line.name}
              <LineChoices choices={line.choices} prominent={prominent} />
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
