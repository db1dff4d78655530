import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { HandCoins, SearchX } from 'lucide-react';
import type { Page } from '@shared/paging.js';
import type { PayoutDue } from '@shared/payouts/schemas.js';
import { PagedStates } from '@/components/ui/paged-list.js';
import { formatMoney } from '@/lib/format.js';
import { PAYOUTS_TEXTS as T } from '../payoutTexts.js';
import { PAYEE_WORDS, PayOutButton } from './PayOutButton.js';
import { PayoutStatusBadge } from './PayoutStatusBadge.js';

// On phones the table turns into one card per payee: every cell a line, named by its data-label.
const CELL =
  'py-3 pr-3 align-middle max-sm:flex max-sm:items-center max-sm:justify-between max-sm:gap-3 max-sm:p-0 max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]';

function DueRow({ due }: { due: PayoutDue }) {
  return (
    <tr className="border-b last:border-b-0 max-sm:grid max-sm:gap-2 max-sm:rounded-xl max-sm:border max-sm:bg-card max-sm:p-4 max-sm:last:border-b">
      <th scope="row" className="py-3 pr-3 text-left align-middle font-normal max-sm:p-0">
        <span className="block font-medium break-words">{due.name}</span>
        <span className="block text-sm text-muted-foreground">{PAYEE_WORDS[due.payee]}</span>
      </th>
      <td data-label="Owed" className={`${CELL} text-right font-medium whitespace-nowrap tabular-nums`}>
        {formatMoney(due.owed, due.currencySymbol)}
      </td>
      <td data-label="Payout account" className={CELL}>
        {due.hasAccount ? 'Yes' : <span className="text-destructive">No</span>}
      </td>
      <td data-label="Open payout" className={CELL}>
        {due.openPayout ? (
          <PayoutStatusBadge status={due.openPayout.status} />
        ) : (
          <>
            <span aria-hidden>—</span>
            <span className="sr-only">None</span>
          </>
        )}
      </td>
      <td className="py-3 text-right align-middle max-sm:p-0 max-sm:pt-1">
        <PayOutButton due={due} />
      </td>
    </tr>
  );
}

interface DueTableProps {
  query: UseInfiniteQueryResult<InfiniteData<Page<PayoutDue>>>;
  searching: boolean;
}

/**
 * Who the platform owes, as the server pages them: placeholders while the first page loads, a
 * failure with 'Try again', the empty state, then the table with 'Show more' while more follow.
 */
export function DueTable({ query, searching }: DueTableProps) {
  return (
    <PagedStates
      query={query}
      loadingLabel="Loading who is owed"
      failedTitle={T.dueFailed}
      emptyIcon={searching ? SearchX : HandCoins}
      emptyTitle={searching ? T.noneFound : T.nobodyOwed}
      skeletonClassName="h-16"
    >
      {(shown) => (
        <div className="sm:overflow-x-auto sm:rounded-xl sm:border sm:px-4">
          <table className="w-full text-sm max-sm:block">
            <caption className="sr-only">Who is owed</caption>
            <thead className="max-sm:sr-only">
              <tr className="border-b text-muted-foreground">
                <th scope="col" className="py-2 pr-3 text-left font-medium">
                  Payee
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Owed
                </th>
                <th scope="col" className="py-2 pr-3 text-left font-medium">
                  Payout account
                </th>
                <th scope="col" className="py-2 pr-3 text-left font-medium">
                  Open payout
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  <span className="sr-only">Action</span>
                </th>
              </tr>
            </thead>
            <tbody className="max-sm:grid max-sm:gap-3">
              {shown.map((due) => (
                <DueRow key={`${due.payee} ${due.payeeId} ${due.currencySymbol}`} due={due} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PagedStates>
  );
}
