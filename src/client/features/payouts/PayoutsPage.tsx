import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isTransferCurrency } from '@shared/payouts/countries.js';
import { PAYOUT_STATUSES, type PayoutStatus } from '@shared/payouts/kinds.js';
import { topics } from '@shared/realtime/events.js';
import { CURRENCY_CODES, CURRENCY_SYMBOLS, type CurrencySymbol } from '@shared/restaurants/currency.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { Label } from '@/components/ui/label.js';
import { SearchBox } from '@/components/ui/search-box.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.js';
import { useDebouncedValue } from '@/lib/useDebouncedValue.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { useRealtime } from '@/lib/RealtimeProvider.js';
import { useSettledRefetch } from '@/lib/useSettledRefetch.js';
import { BalanceCards } from './admin/BalanceCards.js';
import { DueTable } from './admin/DueTable.js';
import { PayEveryoneButton } from './admin/PayEveryoneButton.js';
import { PayoutList } from './admin/PayoutList.js';
import { PAYOUT_STATUS_LABELS } from './admin/PayoutStatusBadge.js';
import { symbolOfCurrency } from './payoutChoices.js';
import { PAYOUTS_TEXTS as T } from './payoutTexts.js';
import { ADMIN_PAYOUTS_KEY, payoutBalanceQuery, payoutsDueQuery, payoutsQuery } from './payoutsApi.js';

const ALL = 'all';

/** The currencies payouts can be made in that the page knows of: Paystack's balances and who is owed, in the app's order. */
function payableCurrencies(balanceCodes: string[], dueSymbols: string[]): CurrencySymbol[] {
  const known = new Set([...balanceCodes.map(symbolOfCurrency), ...dueSymbols]);
  return CURRENCY_SYMBOLS.filter((symbol) => known.has(symbol) && isTransferCurrency(CURRENCY_CODES[symbol]));
}

function StatusFilter({ value, onChange }: { value: PayoutStatus | null; onChange: (status: PayoutStatus | null) => void }) {
  return (
    <div className="grid gap-2 sm:w-56">
      <Label htmlFor="payouts-status">Status</Label>
      <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? null : (next as PayoutStatus))}>
        <SelectTrigger id="payouts-status">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>All statuses</SelectItem>
          {PAYOUT_STATUSES.map((status) => (
            <SelectItem key={status} value={status}>
              {PAYOUT_STATUS_LABELS[status]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/**
 * /admin/payouts: Paystack's balance, who the platform owes (restaurants and riders, found by
 * name) with 'Pay out' each and 'Pay everyone due' per currency, then the payouts made, with
 * 'Enter OTP' for those Paystack holds. Lists refresh after each action, on focus, and a second
 * after Paystack moves a payout (the payouts topic), with a check every minute while one is under way.
 */
export default function PayoutsPage() {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const [status, setStatus] = useState<PayoutStatus | null>(null);
  const balance = useQuery(payoutBalanceQuery());
  const due = useInfiniteQuery(payoutsDueQuery(settled));
  const payouts = useInfiniteQuery(payoutsQuery(status));
  useRealtime(topics.payouts(), useSettledRefetch(ADMIN_PAYOUTS_KEY));
  useFailureToast(due.error, T.dueFailed);
  useFailureToast(payouts.error, T.payoutsFailed);

  const currencies = payableCurrencies(
    balance.data?.balances.map((entry) => entry.currency) ?? [],
    due.data?.pages.flatMap((page) => page.items.map((item) => item.currencySymbol)) ?? [],
  );

  return (
    <div className="grid gap-8">
      <div className="grid gap-2">
        <PageTitle>Payouts</PageTitle>
        <p className="text-sm text-muted-foreground">
          Pays restaurants and riders what the ledger says they are owed, to their payout accounts through Paystack Transfers. A
          failed or reversed payout puts the money back on what they are owed.
        </p>
      </div>
      <BalanceCards query={balance} />

      <section aria-labelledby="payouts-due" className="grid gap-4">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="payouts-due" className="text-xl font-semibold">
            Who is owed
          </h2>
          <SearchBox
            label="Search payees"
            placeholder="Restaurant or rider"
            value={search}
            onChange={setSearch}
            className="sm:w-80"
          />
        </div>
        {currencies.length > 0 && (
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {currencies.map((symbol) => (
              <PayEveryoneButton key={symbol} currencySymbol={symbol} />
            ))}
          </div>
        )}
        <DueTable query={due} searching={settled !== ''} />
      </section>

      <section aria-labelledby="payouts-recent" className="grid gap-4">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="payouts-recent" className="text-xl font-semibold">
            Recent payouts
          </h2>
          <StatusFilter value={status} onChange={setStatus} />
        </div>
        <PayoutList query={payouts} filtered={status !== null} />
      </section>
    </div>
  );
}
