import { useInfiniteQuery } from '@tanstack/react-query';
import { Banknote, Bike, CalendarDays, HandCoins, Sun, type LucideIcon } from 'lucide-react';
import {
  EARNINGS_COUNTING_NOTE,
  EARNINGS_MESSAGES,
  type DeliveryEarning,
  type EarningsTotals,
} from '@shared/drivers/earnings.js';
import { countOf } from '@shared/plural.js';
import { topics } from '@shared/realtime/events.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { SignedInLayout } from '@/components/layouts/SignedInLayout.js';
import { EmptyState, LoadFailed } from '@/components/ui/empty-state.js';
import { ShowMoreButton } from '@/components/ui/show-more-button.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { useAuth } from '@/lib/authContext.js';
import { formatDateTime, formatMoney } from '@/lib/format.js';
import { useRealtime } from '@/lib/RealtimeProvider.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { useSettledRefetch } from '@/lib/useSettledRefetch.js';
import { DriverNav } from '@/components/layouts/DriverNav.js';
import { CashHandIns, CashLimitBanner } from './CashHandIns.js';
import { riderCashQuery } from './cashApi.js';
import { earningsQuery } from './earningsApi.js';

function Figure({ label, value, detail, icon: Icon }: { label: string; value: string; detail?: string; icon: LucideIcon }) {
  return (
    <div className="grid content-start gap-1 rounded-xl border bg-card p-4">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon aria-hidden className="size-4" />
        {label}
      </dt>
      <dd className="text-lg font-semibold tabular-nums [overflow-wrap:anywhere] sm:text-2xl">
        {value}
        {detail && <span className="block text-xs font-normal text-muted-foreground">{detail}</span>}
      </dd>
    </div>
  );
}

/** Today, This week, Owed to you and Cash you hold, in one currency. */
function TotalsCards({ totals, single }: { totals: EarningsTotals; single: boolean }) {
  const money = (minor: number) => formatMoney(minor, totals.currencySymbol);
  const deliveries = (count: number) => countOf(count, 'delivery', 'deliveries');
  return (
    <dl
      aria-label={single ? 'Your earnings' : `Your earnings in ${totals.currencySymbol}`}
      className="grid grid-cols-2 gap-3 lg:grid-cols-4"
    >
      <Figure label="Today" value={money(totals.today)} detail={deliveries(totals.todayDeliveries)} icon={Sun} />
      <Figure label="This week" value={money(totals.week)} detail={deliveries(totals.weekDeliveries)} icon={CalendarDays} />
      <Figure label="Owed to you" value={money(totals.owed)} icon={HandCoins} />
      <Figure label="Cash you hold" value={money(totals.cashHeld)} icon={Banknote} />
    </dl>
  );
}

function DeliveryItem({ delivery }: { delivery: DeliveryEarning }) {
  const money = (minor: number) => formatMoney(minor, delivery.currencySymbol);
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-medium [overflow-wrap:anywhere]">
          {delivery.restaurantName} <span className="text-muted-foreground">· #{delivery.shortId}</span>
        </p>
        <p className="text-sm text-muted-foreground">
          Delivered <time dateTime={delivery.deliveredAt}>{formatDateTime(delivery.deliveredAt)}</time>
        </p>
        <p className="text-sm text-muted-foreground">
          Your part of the fee {money(delivery.feePart)} · Tip {money(delivery.tip)}
        </p>
      </div>
      <p className="shrink-0 font-semibold tabular-nums">
        <span className="sr-only">Earned </span>
        {money(delivery.earning)}
      </p>
    </li>
  );
}

/** /driver/earnings: what the rider earned today and this week, what is owed to them, the cash they hold, and their deliveries. */
export default function EarningsPage() {
  const { user } = useAuth();
  const query = useInfiniteQuery(earningsQuery());
  // A delivery completed, cash handed in or a payout made or moved changes the figures and the hand-ins.
  const refetchEarnings = useSettledRefetch(earningsQuery().queryKey);
  const refetchCash = useSettledRefetch(riderCashQuery().queryKey);
  useRealtime(user && topics.driver(user.id), () => {
    refetchEarnings();
    refetchCash();
  });
  useFailureToast(query.error, EARNINGS_MESSAGES.loadFailed);
  const first = query.data?.pages[0];
  const deliveries = query.data?.pages.flatMap((page) => page.deliveries.items) ?? [];

  let content;
  if (query.isPending) {
    content = (
      <div role="status" aria-label="Loading your earnings" className="grid gap-3">
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {Array.from({ length: 4 }, (_, index) => (
            <Skeleton key={index} className="h-24 w-full rounded-xl" />
          ))}
        </div>
        <Skeleton className="h-40 w-full rounded-xl" />
      </div>
    );
  } else if (query.isError && !first) {
    content = (
      <LoadFailed title={EARNINGS_MESSAGES.loadFailed} retrying={query.isFetching} onRetry={() => void query.refetch()} />
    );
  } else if (!first || (first.totals.length === 0 && deliveries.length === 0)) {
    content = (
      <EmptyState icon={Bike} title={EARNINGS_MESSAGES.empty}>
        {EARNINGS_MESSAGES.emptyDetail}
      </EmptyState>
    );
  } else {
    content = (
      <>
        {first.totals.map((totals) => (
          <TotalsCards key={totals.currencySymbol} totals={totals} single={first.totals.length === 1} />
        ))}
        <p className="text-sm text-muted-foreground">{EARNINGS_COUNTING_NOTE}</p>
        <section aria-labelledby="earnings-deliveries" className="grid gap-2">
          <h2 id="earnings-deliveries" className="text-lg font-semibold">
            Deliveries
          </h2>
          {deliveries.length === 0 ? (
            <EmptyState icon={Bike} title={EARNINGS_MESSAGES.empty} />
          ) : (
            <ul aria-label="Deliveries" className="divide-y rounded-xl border bg-card px-4">
              {deliveries.map((delivery) => (
                <DeliveryItem key={delivery.orderId} delivery={delivery} />
              ))}
            </ul>
          )}
          <ShowMoreButton pages={query} loading="words" />
        </section>
      </>
    );
  }

  return (
    <SignedInLayout title="Driver Dashboard">
      <div className="grid gap-6">
        <PageTitle>Earnings</PageTitle>
        <DriverNav />
        <CashLimitBanner />
        {content}
        <CashHandIns />
      </div>
    </SignedInLayout>
  );
}
