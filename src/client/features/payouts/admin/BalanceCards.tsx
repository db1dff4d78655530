import type { UseQueryResult } from '@tanstack/react-query';
import { Wallet } from 'lucide-react';
import type { PayoutBalances } from '@shared/payouts/schemas.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { ApiError } from '@/lib/apiError.js';
import { formatMoney } from '@/lib/format.js';
import { symbolOfCurrency } from '../payoutChoices.js';
import { PAYOUTS_TEXTS as T } from '../payoutTexts.js';
import { InlineLoadFailed } from '@/components/ui/inline-load-failed.js';

/** What Paystack holds in each currency: what payouts can draw on. */
export function BalanceCards({ query }: { query: UseQueryResult<PayoutBalances> }) {
  let content;
  if (query.isPending) {
    content = (
      <div role="status" aria-label="Loading the Paystack balance" className="grid gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
        <Skeleton className="h-20 w-full rounded-xl" />
        <Skeleton className="h-20 w-full rounded-xl" />
      </div>
    );
  } else if (query.error instanceof ApiError && query.error.status === 422) {
    // The server says why there is no balance to show (no Paystack keys): trying again would not help.
    content = <p className="text-sm text-muted-foreground">{query.error.message}.</p>;
  } else if (query.isError) {
    content = <InlineLoadFailed message={T.balanceFailed} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  } else if (query.data.balances.length === 0) {
    content = <p className="text-sm text-muted-foreground">{T.noBalance}.</p>;
  } else {
    content = (
      <dl className="grid gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
        {query.data.balances.map(({ currency, balance }) => (
          <div key={currency} className="grid content-start gap-1 rounded-xl border bg-card p-4">
            <dt className="flex items-center gap-2 text-sm text-muted-foreground">
              <Wallet aria-hidden className="size-4" />
              {currency}
            </dt>
            <dd className="text-xl font-semibold tabular-nums [overflow-wrap:anywhere] sm:text-2xl">
              {formatMoney(balance, symbolOfCurrency(currency))}
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  return (
    <section aria-labelledby="payouts-balance" className="grid gap-3">
      <h2 id="payouts-balance" className="text-xl font-semibold">
        Paystack balance
      </h2>
      {content}
    </section>
  );
}
