import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LEDGER_MESSAGES } from '@shared/ledger/books.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { SearchBox } from '@/components/ui/search-box.js';
import { useDebouncedValue } from '@/lib/useDebouncedValue.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { BalancesTable } from './ledger/BalancesTable.js';
import { LedgerCheckCard } from './ledger/LedgerCheckCard.js';
import { ledgerBalancesQuery } from './ledger/ledgerApi.js';

/**
 * /admin/ledger: the ledger's check (every transaction sums to zero), then every account's balance
 * (the platform's own, each restaurant's payouts, each rider's earnings and cash), found by the
 * server by name, a page at a time.
 */
export default function LedgerPage() {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const balances = useInfiniteQuery(ledgerBalancesQuery(settled));
  useFailureToast(balances.error, LEDGER_MESSAGES.loadFailed);

  return (
    <div className="grid gap-6">
      <PageTitle>Ledger</PageTitle>
      <LedgerCheckCard />
      <section aria-labelledby="ledger-balances" className="grid gap-4">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="ledger-balances" className="text-xl font-semibold">
            Balances
          </h2>
          <SearchBox
            label="Search balances"
            placeholder="Restaurant, rider or account"
            value={search}
            onChange={setSearch}
            className="sm:w-80"
          />
        </div>
        <BalancesTable query={balances} searching={settled !== ''} />
      </section>
    </div>
  );
}
