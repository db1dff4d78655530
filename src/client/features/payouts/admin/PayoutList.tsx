import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import type { Page } from '@shared/paging.js';
import type { PayoutView } from '@shared/payouts/schemas.js';
import { PagedList } from '@/components/ui/paged-list.js';
import { formatDateTime, formatMoney } from '@/lib/format.js';
import { PAYOUTS_TEXTS as T } from '../payoutTexts.js';
import { OtpDialog } from './OtpDialog.js';
import { PAYEE_WORDS } from './PayOutButton.js';
import { PayoutStatusBadge } from './PayoutStatusBadge.js';

function PayoutCard({ payout }: { payout: PayoutView }) {
  return (
    <article
      aria-label={`${formatMoney(payout.amount, payout.currencySymbol)} to ${payout.name}`}
      className="grid gap-2 rounded-xl border bg-card p-4 text-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <p className="font-medium break-words">{payout.name}</p>
          <p className="text-muted-foreground">{PAYEE_WORDS[payout.payee]}</p>
        </div>
        <p className="text-base font-semibold tabular-nums">{formatMoney(payout.amount, payout.currencySymbol)}</p>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <PayoutStatusBadge status={payout.status} />
        <span className="text-muted-foreground">
          <time dateTime={payout.createdAt}>{formatDateTime(payout.createdAt)}</time>
        </span>
      </div>
      <p className="text-muted-foreground">
        Reference <span className="font-mono text-xs break-all text-foreground">{payout.reference}</span>
      </p>
      {payout.failureReason && <p className="text-destructive">{payout.failureReason}</p>}
      {payout.status === 'otp' && <OtpDialog payout={payout} />}
    </article>
  );
}

/** Payouts newest first, each with its status; one waiting for an OTP offers 'Enter OTP'. */
export function PayoutList({
  query,
  filtered,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page<PayoutView>>>;
  filtered: boolean;
}) {
  return (
    <PagedList
      query={query}
      itemKey={(payout) => payout.id}
      renderItem={(payout) => <PayoutCard payout={payout} />}
      loadingLabel="Loading payouts"
      failedTitle={T.payoutsFailed}
      emptyIcon={Send}
      emptyTitle={filtered ? T.noPayoutsInStatus : T.noPayouts}
      skeletonClassName="h-24"
      className="grid gap-3 lg:grid-cols-2"
    />
  );
}
