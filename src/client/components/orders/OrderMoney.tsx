import { cn } from '@/lib/cn.js';
import { formatMoney } from '@/lib/format.js';

interface OrderMoneyProps {
  order: { totalAmount: number; commissionAmount: number; restaurantPayout: number; currencySymbol: string };
  /** 'Payout' in the restaurant's own sales, 'Restaurant Payout' to admins. */
  payoutLabel: string;
  /** To admins: the delivery fee and tip the customer paid on top of the food, shown when there are any. */
  delivery?: { deliveryFee: number; tipAmount: number };
  className?: string;
}

function Amount({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={cn(strong && 'font-semibold')}>{value}</dd>
    </div>
  );
}

/**
 * An order's money: the food total, the platform's commission and what the restaurant is paid;
 * with `delivery` (when the customer paid any), a second row of the delivery fee, the tip and the
 * whole charge.
 */
export function OrderMoney({ order, payoutLabel, delivery, className }: OrderMoneyProps) {
  const money = (minor: number) => formatMoney(minor, order.currencySymbol);
  const extra = delivery && delivery.deliveryFee + delivery.tipAmount > 0 ? delivery : undefined;
  return (
    <dl aria-label="Money" className={cn('grid grid-cols-3 gap-2 text-sm tabular-nums', className)}>
      <Amount label="Total" value={money(order.totalAmount)} strong />
      <Amount label="Commission" value={money(order.commissionAmount)} />
      <Amount label={payoutLabel} value={money(order.restaurantPayout)} />
      {extra && (
        <>
          <Amount label="Delivery fee" value={money(extra.deliveryFee)} />
          <Amount label="Tip" value={money(extra.tipAmount)} />
          <Amount label="Customer paid" value={money(order.totalAmount + extra.deliveryFee + extra.tipAmount)} strong />
        </>
      )}
    </dl>
  );
}
