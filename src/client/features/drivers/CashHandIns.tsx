import { useInfiniteQuery } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { CASH_MESSAGES as M, type RiderCash } from '@shared/drivers/cash.js';
import { formatMoney } from '@shared/money.js';
import { CashHandInItem } from '@/components/ledger/CashHandInItem.js';
import { ShowMoreButton } from '@/components/ui/show-more-button.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { riderCashQuery } from './cashApi.js';
import { InlineLoadFailed } from '@/components/ui/inline-load-failed.js';

/**
 * The rider's cash on the Earnings page (issue 22 item 4): a banner while they hold more cash than
 * a currency's limit (they are then offered card-paid orders only), and the cash they hold with
 * the hand-ins recorded for them. Both read GET /api/drivers/me/cash-hand-ins (one query).
 */

const overLimit = (cash: readonly RiderCash[]) => cash.filter((currency) => currency.overLimit);

/** 'You are over the cash limit…', shown at the top of the page while the rider is over it in some currency. */
export function CashLimitBanner() {
  const query = useInfiniteQuery(riderCashQuery());
  const over = overLimit(query.data?.pages[0]?.cash ?? []);
  if (over.length === 0) return null;
  return (
    <div role="alert" className="flex gap-3 rounded-xl border border-destructive/50 bg-destructive/10 p-4 text-sm">
      <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
      <div className="grid gap-1">
        <p className="font-semibold">{M.overLimitBanner}</p>
        <p>
          {M.overLimitDetail}{' '}
          {over
            .map(
              (cash) =>
                `You hold ${formatMoney(cash.held, cash.currencySymbol)}; the limit is ${formatMoney(cash.limit ?? 0, cash.currencySymbol)}.`,
            )
            .join(' ')}
        </p>
      </div>
    </div>
  );
}

function CashLine({ cash }: { cash: RiderCash }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2">
      <span className="font-semibold tabular-nums">{formatMoney(cash.held, cash.currencySymbol)}</span>
      <span className="text-sm text-muted-foreground">
        {cash.limit === null ? 'No cash limit' : `Limit ${formatMoney(cash.limit, cash.currencySymbol)}`}
        {cash.overLimit && <span className="font-medium text-destructive"> · over the limit</span>}
      </span>
    </li>
  );
}

/** 'Cash you hold' per currency and the hand-ins recorded, newest first; nothing for a rider who never held cash. */
export function CashHandIns() {
  const headingId = useId();
  const query = useInfiniteQuery(riderCashQuery());
  const first = query.data?.pages[0];
  const handIns = query.data?.pages.flatMap((page) => page.items) ?? [];

  let content;
  if (query.isPending) {
    content = (
      <div role="status" aria-label="Loading your cash hand-ins" className="grid gap-2">
        <Skeleton className="h-12 w-full rounded-xl" />
        <Skeleton className="h-20 w-full rounded-xl" />
      </div>
    );
  } else if (query.isError && !first) {
    content = <InlineLoadFailed message={M.loadFailed} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  } else if (!first || (first.cash.length === 0 && handIns.length === 0)) {
    return null;
  } else {
    content = (
      <>
        <div className="grid gap-1">
          <h3 className="text-sm font-medium text-muted-foreground">Cash you hold</h3>
          {first.cash.length === 0 ? (
            <p className="text-sm">{M.noCash}</p>
          ) : (
            <ul aria-label="Cash you hold" className="divide-y rounded-xl border bg-card px-4">
              {first.cash.map((cash) => (
                <CashLine key={cash.currencySymbol} cash={cash} />
              ))}
            </ul>
          )}
        </div>
        <div className="grid gap-1">
          <h3 className="text-sm font-medium text-muted-foreground">Cash handed in</h3>
          {handIns.length === 0 ? (
            <p className="text-sm">{M.empty}</p>
          ) : (
            <ul aria-label="Cash handed in" className="divide-y rounded-xl border bg-card px-4">
              {handIns.map((handIn) => (
                <CashHandInItem key={handIn.id} handIn={handIn} amountLabel="Handed in" />
              ))}
            </ul>
          )}
          <ShowMoreButton pages={query}>Show more hand-ins</ShowMoreButton>
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        Cash
      </h2>
      {content}
    </section>
  );
}
