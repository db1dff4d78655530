import type { LucideIcon } from 'lucide-react';
import { CircleCheck, Clock, HandCoins, Percent, Wallet } from 'lucide-react';
import type { SalesSummary } from '@shared/orders/sales.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { cn } from '@/lib/cn.js';
import { formatMoney } from '@/lib/format.js';

function SalesCard({
  label,
  value,
  icon: Icon,
  className,
}: {
  label: string;
  value: string;
  icon: LucideIcon;
  className?: string;
}) {
  return (
    <div className={cn('grid gap-1 rounded-xl border bg-card p-4', className)}>
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon aria-hidden className="size-4" />
        {label}
      </dt>
      <dd className="text-xl font-semibold tabular-nums [overflow-wrap:anywhere] sm:text-2xl">{value}</dd>
    </div>
  );
}

const GRID = 'grid grid-cols-2 gap-3 lg:grid-cols-5';

/** The sales page's totals: sales, commission, payout, pending and completed counts. */
export function SalesCards({ summary }: { summary: SalesSummary }) {
  const money = (minor: number) => formatMoney(minor, summary.currencySymbol);
  return (
    <dl aria-label="Sales totals" className={GRID}>
      <SalesCard label="Total Sales" value={money(summary.totalSales)} icon={Wallet} className="col-span-2 lg:col-span-1" />
      <SalesCard label="Commission" value={money(summary.commission)} icon={Percent} className="col-span-2 sm:col-span-1" />
      <SalesCard label="Restaurant Payout" value={money(summary.payout)} icon={HandCoins} className="col-span-2 sm:col-span-1" />
      <SalesCard label="Pending Orders" value={String(summary.pendingCount)} icon={Clock} />
      <SalesCard label="Completed Orders" value={String(summary.completedCount)} icon={CircleCheck} />
    </dl>
  );
}

export function SalesCardsSkeleton() {
  return (
    <div role="status" aria-label="Loading sales" className={GRID}>
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className={cn('grid gap-2 rounded-xl border bg-card p-4', index === 0 && 'col-span-2 lg:col-span-1')}>
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-7 w-32" />
        </div>
      ))}
    </div>
  );
}
