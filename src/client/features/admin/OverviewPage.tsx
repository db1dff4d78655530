import { useQuery } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { Car, HandCoins, Percent, Receipt, Store, Users } from 'lucide-react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { OVERVIEW_CHART_DAYS, OVERVIEW_COUNTING_NOTE, OVERVIEW_MESSAGES, type AdminOverview } from '@shared/admin/overview.js';
import { STATUS_LABELS } from '@shared/orders/status.js';
import { DEFAULT_CURRENCY_SYMBOL } from '@shared/restaurants/currency.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { DayBarChart } from '@/components/charts/DayBarChart.js';
import { LoadFailed } from '@/components/ui/empty-state.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { useAuth } from '@/lib/authContext.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { cn } from '@/lib/cn.js';
import { formatMoney } from '@/lib/format.js';
import { adminOverviewQuery } from './overviewApi.js';
import { chartCurrencies, formatCount, ordersPerDay, revenuePerDay } from './overviewFigures.js';
import { useAllOrderEvents } from './useAllOrderEvents.js';
import { countOf } from '@shared/plural.js';

function StatCard({
  label,
  icon: Icon,
  children,
  hint,
  className,
}: {
  label: string;
  icon: LucideIcon;
  children: ReactNode;
  hint?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('grid content-start gap-1 rounded-xl border bg-card p-4 shadow-sm', className)}>
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon aria-hidden className="size-4" />
        {label}
      </dt>
      <dd className="text-xl font-semibold tabular-nums [overflow-wrap:anywhere] sm:text-2xl">{children}</dd>
      {hint && <dd className="text-xs text-muted-foreground">{hint}</dd>}
    </div>
  );
}

/** One amount per currency, the busiest first; money is never added up across currencies. */
function MoneyByCurrency({ overview, pick }: { overview: AdminOverview; pick: 'revenue' | 'commission' }) {
  const [main, ...others] = overview.currencies;
  if (!main) return <>{formatMoney(0, DEFAULT_CURRENCY_SYMBOL)}</>;
  return (
    <>
      {formatMoney(main[pick], main.currencySymbol)}
      {others.length > 0 && (
        <ul className="mt-1 grid gap-0.5 text-sm font-medium text-muted-foreground">
          {others.map((currency) => (
            <li key={currency.currencySymbol}>{formatMoney(currency[pick], currency.currencySymbol)}</li>
          ))}
        </ul>
      )}
    </>
  );
}

const CARD_GRID = 'grid grid-cols-2 gap-3 lg:grid-cols-4';

function OverviewCards({ overview }: { overview: AdminOverview }) {
  const estimated = 'Estimated by the database';
  return (
    <dl aria-label="Platform totals" className={CARD_GRID}>
      <StatCard label="Total Users" icon={Users} hint={overview.users.approximate && estimated}>
        {formatCount(overview.users)}
      </StatCard>
      <StatCard label="Total Restaurants" icon={Store} hint={overview.restaurants.approximate && estimated}>
        {formatCount(overview.restaurants)}
      </StatCard>
      <StatCard label="Total Drivers" icon={Car} hint={overview.drivers.approximate && estimated}>
        {formatCount(overview.drivers)}
      </StatCard>
      <StatCard
        label="Total Orders"
        icon={Receipt}
        hint={`${formatCount({ count: overview.cancelledOrders, approximate: false })} cancelled`}
      >
        {formatCount({ count: overview.orders, approximate: false })}
      </StatCard>
      <StatCard label="Total Revenue" icon={HandCoins} className="col-span-2">
        <MoneyByCurrency overview={overview} pick="revenue" />
      </StatCard>
      <StatCard label="Total Commission" icon={Percent} className="col-span-2">
        <MoneyByCurrency overview={overview} pick="commission" />
      </StatCard>
    </dl>
  );
}

function OverviewSkeleton() {
  return (
    <div role="status" aria-label="Loading the overview" className="grid gap-6">
      <div className={CARD_GRID}>
        {Array.from({ length: 6 }, (_, index) => (
          <div key={index} className={cn('grid gap-2 rounded-xl border bg-card p-4', index > 3 && 'col-span-2')}>
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-7 w-28" />
          </div>
        ))}
      </div>
      <Skeleton className="h-24 w-full rounded-xl" />
      <Skeleton className="h-56 w-full rounded-xl" />
    </div>
  );
}

function InProgress({ overview }: { overview: AdminOverview }) {
  return (
    <section aria-labelledby="in-progress-heading" className="grid gap-3">
      <h2 id="in-progress-heading" className="text-lg font-semibold">
        Orders in progress
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {overview.waiting.map(({ status, count }) => (
          <div key={status} className="grid content-start gap-1 rounded-xl border bg-card p-3">
            <dt className="text-sm text-muted-foreground">{STATUS_LABELS[status]}</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatCount({ count, approximate: false })}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function CurrencyPicker({
  currencies,
  value,
  onChange,
}: {
  currencies: string[];
  value: string;
  onChange: (symbol: string) => void;
}) {
  return (
    <RadioGroupPrimitive.Root
      aria-label="Currency"
      value={value}
      onValueChange={onChange}
      orientation="horizontal"
      className="flex w-fit max-w-full flex-wrap gap-1 rounded-lg bg-muted p-1"
    >
      {currencies.map((symbol) => (
        <RadioGroupPrimitive.Item
          key={symbol}
          value={symbol}
          className={cn(
            'h-11 min-w-11 rounded-md px-3 text-sm font-medium text-muted-foreground outline-none',
            'focus-visible:ring-[3px] focus-visible:ring-ring/50',
            'data-[state=checked]:bg-background data-[state=checked]:text-foreground data-[state=checked]:shadow-sm',
          )}
        >
          {symbol}
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  );
}

/** Orders per day over every currency, and revenue per day in one currency at a time. */
function LastDays({ overview }: { overview: AdminOverview }) {
  const now = new Date();
  const currencies = chartCurrencies(overview);
  const [picked, setPicked] = useState<string | null>(null);
  const currency = picked && currencies.includes(picked) ? picked : currencies[0];
  const money = (minor: number) => formatMoney(minor, currency ?? DEFAULT_CURRENCY_SYMBOL);

  return (
    <section aria-labelledby="last-days-heading" className="grid gap-3">
      <h2 id="last-days-heading" className="text-lg font-semibold">
        Last {OVERVIEW_CHART_DAYS} days
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <DayBarChart
          caption="Orders per day"
          days={ordersPerDay(overview, now)}
          value={(day) => day.orders}
          format={String}
          describe={(day) => countOf(day.orders, 'order')}
          columns={[{ label: 'Orders', cell: (day) => String(day.orders) }]}
          empty="No orders in the last 30 days."
        />
        <div className="grid content-start gap-2">
          {currencies.length > 1 && currency && <CurrencyPicker currencies={currencies} value={currency} onChange={setPicked} />}
          <DayBarChart
            caption={currency ? `Revenue per day in ${currency}` : 'Revenue per day'}
            days={currency ? revenuePerDay(overview, currency, now) : []}
            value={(day) => day.revenue}
            format={money}
            describe={(day) => `${money(day.revenue)}, ${countOf(day.orders, 'order')}`}
            columns={[
              { label: 'Orders', cell: (day) => String(day.orders) },
              { label: 'Revenue', cell: (day) => money(day.revenue) },
            ]}
            empty="No revenue in the last 30 days."
          />
        </div>
      </div>
    </section>
  );
}

/** /admin: the platform at a glance, refreshed as orders are placed and move. */
export default function OverviewPage() {
  const { user } = useAuth();
  const overview = useQuery(adminOverviewQuery());
  useAllOrderEvents(adminOverviewQuery().queryKey);
  useFailureToast(overview.error, OVERVIEW_MESSAGES.loadFailed);
  const firstName = user?.profile.fullName.split(' ')[0];

  let content;
  if (overview.isPending) content = <OverviewSkeleton />;
  else if (overview.isError)
    content = (
      <LoadFailed title={OVERVIEW_MESSAGES.loadFailed} retrying={overview.isFetching} onRetry={() => void overview.refetch()} />
    );
  else
    content = (
      <>
        <div className="grid gap-2">
          <OverviewCards overview={overview.data} />
          <p className="text-sm text-muted-foreground">{OVERVIEW_COUNTING_NOTE}</p>
        </div>
        <InProgress overview={overview.data} />
        <LastDays overview={overview.data} />
      </>
    );

  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <PageTitle>Overview</PageTitle>
        <p className="text-muted-foreground">
          Welcome back{firstName ? `, ${firstName}` : ''}. Here is how the platform is doing: its people, orders and money at a
          glance.
        </p>
      </div>
      {content}
    </div>
  );
}
