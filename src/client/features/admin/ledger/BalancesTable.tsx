import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { BookOpen } from 'lucide-react';
import {
  LEDGER_ACCOUNT_INFO,
  LEDGER_MESSAGES,
  shownBalance,
  type AccountSide,
  type LedgerBalance,
} from '@shared/ledger/books.js';
import type { Page } from '@shared/paging.js';
import { formatMoney } from '@shared/money.js';
import { PagedStates } from '@/components/ui/paged-list.js';

const SIDE_WORDS: Record<AccountSide, string> = { held: 'held', owed: 'owed', earned: 'earned' };

function BalanceRow({ balance }: { balance: LedgerBalance }) {
  const info = LEDGER_ACCOUNT_INFO[balance.account];
  return (
    <tr className="border-b last:border-b-0">
      <th scope="row" className="py-3 pr-3 text-left align-top font-normal">
        <span className="block font-medium break-words">{balance.name}</span>
        <span className="block text-sm text-muted-foreground">{balance.ownerId ? info.label : 'Platform account'}</span>
      </th>
      <td className="py-3 pr-3 text-right align-top whitespace-nowrap tabular-nums">
        <span className="block font-medium">
          {formatMoney(shownBalance(balance.account, balance.balance), balance.currencySymbol)}
        </span>
        <span className="block text-sm text-muted-foreground">{SIDE_WORDS[info.side]}</span>
      </td>
      <td className="hidden py-3 text-right align-top tabular-nums sm:table-cell">{balance.entries.toLocaleString('en')}</td>
    </tr>
  );
}

interface BalancesTableProps {
  query: UseInfiniteQueryResult<InfiniteData<Page<LedgerBalance>>>;
  searching: boolean;
}

/**
 * Every account's balance as the server pages it: placeholders while the first page loads, a
 * failure with 'Try again', the empty state, then the table and 'Show more' while more follow.
 * What the platform owes and earned shows positive, marked owed or earned; what it holds, held.
 */
export function BalancesTable({ query, searching }: BalancesTableProps) {
  return (
    <PagedStates
      query={query}
      loadingLabel="Loading balances"
      failedTitle={LEDGER_MESSAGES.loadFailed}
      emptyIcon={BookOpen}
      emptyTitle={searching ? LEDGER_MESSAGES.empty : LEDGER_MESSAGES.noEntries}
      skeletonClassName="h-14"
    >
      {(shown) => (
        <div className="overflow-x-auto rounded-xl border px-4">
          <table className="w-full text-sm">
            <caption className="sr-only">Balances</caption>
            <thead>
              <tr className="border-b text-muted-foreground">
                <th scope="col" className="py-2 pr-3 text-left font-medium">
                  Account
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Balance
                </th>
                <th scope="col" className="hidden py-2 text-right font-medium sm:table-cell">
                  Entries
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((balance) => (
                <BalanceRow key={`${balance.account} ${balance.ownerId ?? ''} ${balance.currencySymbol}`} balance={balance} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </PagedStates>
  );
}
