import { cn } from '@/lib/cn.js';
import { formatMoney } from '@/lib/format.js';

interface OrderMoneyProps {
  order: { totalAmount: number; commissionAmount: number; restaurantPayout: number; currencySymbol: string };
  /** 'Payout' in the restaurant's own sales, 'Restaurant Payout' to admins. */
  payoutLabel: string;
  className?: string;
}

/** An order's money in one row: the total, the platform's commission and what the restaurant is paid. */
export function OrderMoney({ order, payoutLabel, className }: OrderMoneyProps) {
  const money = (minor: number) => formatMoney(minor, order.currencySymbol);
  return (
    <dl aria-label="Money" className={cn('grid grid-cols-3 gap-2 text-sm tabular-nums', className)}>
      <div>
        <dt className="text-muted-foreground">Total</dt>
        <dd className="font-semibold">{money(order.totalAmount)}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Commission</dt>
        <dd>{money(order.commissionAmount)}</dd>
      </div>
      <div>
        <dt className="text-muted-foreground">{payoutLabel}</dt>
        <dd>{money(order.restaurantPayout)}</dd>
      </div>
    </dl>
  );
}
