import { useInfiniteQuery } from '@tanstack/react-query';
import { Download, ReceiptText } from 'lucide-react';
import { useState, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import {
  addDays,
  isDay,
  periodDays,
  STATEMENT_KIND_LABELS,
  STATEMENT_MAX_DAYS,
  STATEMENT_MESSAGES,
  statementFilename,
  statementPeriod,
  type Statement,
  type StatementEntry,
  type StatementPeriod,
} from '@shared/ledger/statement.js';
import { Button } from '@/components/ui/button.js';
import { EmptyState, LoadFailed } from '@/components/ui/empty-state.js';
import { Label } from '@/components/ui/label.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.js';
import { ShowMoreButton } from '@/components/ui/show-more-button.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { cn } from '@/lib/cn.js';
import { formatDateTime, formatMoney } from '@/lib/format.js';
import { useRealtime } from '@/lib/RealtimeProvider.js';
import { notifyError } from '@/lib/toast.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { useSettledRefetch } from '@/lib/useSettledRefetch.js';
import { downloadStatementCsv, statementCsvPath, statementKey, statementQuery } from './statementApi.js';
import { StatementPeriodPicker } from './StatementPeriodPicker.js';

const DOWNLOAD_FAILED = 'Failed to download the statement';
/** A statement's days are UTC days, whatever the reader's time zone. */
const utcDate = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const formatDay = (day: string) => utcDate.format(new Date(`${day}T00:00:00Z`));

/** The period and currency the page's address names (?from=&to=&currency=), or the current month. */
function useStatementChoice() {
  const [params, setParams] = useSearchParams();
  const from = params.get('from') ?? undefined;
  const to = params.get('to') ?? undefined;
  const asked = statementPeriod(
    { from: from && isDay(from) ? from : undefined, to: to && isDay(to) ? to : undefined },
    new Date(),
  );
  const days = periodDays(asked);
  const period = days > 0 && days <= STATEMENT_MAX_DAYS ? asked : statementPeriod({}, new Date());
  const currency = params.get('currency');
  const choose = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  return {
    period,
    currency,
    setPeriod: (next: StatementPeriod) => choose({ from: next.from, to: next.to }),
    setCurrency: (next: string) => choose({ currency: next }),
  };
}

/** An amount as owed: '+GH₵22.50' when it adds to what is owed, '-GH₵1.50' when it takes away. */
const signed = (minor: number, symbol: string) => (minor > 0 ? `+${formatMoney(minor, symbol)}` : formatMoney(minor, symbol));

function EntryItem({ entry, currencySymbol }: { entry: StatementEntry; currencySymbol: string }) {
  const label = STATEMENT_KIND_LABELS[entry.kind];
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-medium">
          {label}
          {entry.shortId && <span className="text-muted-foreground"> · #{entry.shortId}</span>}
        </p>
        <p className="text-sm text-muted-foreground">
          <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
          {entry.paidBy && <span> · {entry.paidBy}</span>}
        </p>
        {entry.memo && <p className="text-sm [overflow-wrap:anywhere]">{entry.memo}</p>}
      </div>
      <dl className="grid shrink-0 justify-items-end text-right tabular-nums">
        <dt className="sr-only">Amount</dt>
        <dd className={cn('font-semibold', entry.amount < 0 && 'text-destructive')}>{signed(entry.amount, currencySymbol)}</dd>
        <dt className="text-xs text-muted-foreground">Balance</dt>
        <dd className="text-sm">{formatMoney(entry.balance, currencySymbol)}</dd>
      </dl>
    </li>
  );
}

function Balance({ label, detail, value }: { label: string; detail: string; value: string }) {
  return (
    <div className="grid gap-1 rounded-xl border bg-card p-4">
      <dt className="text-sm text-muted-foreground">
        {label} <span className="block text-xs">{detail}</span>
      </dt>
      <dd className="text-xl font-semibold tabular-nums [overflow-wrap:anywhere] sm:text-2xl">{value}</dd>
    </div>
  );
}

function CurrencyPicker({ statement, onChange }: { statement: Statement; onChange: (currency: string) => void }) {
  if (statement.currencies.length < 2 || !statement.currencySymbol) return null;
  return (
    <div className="grid gap-2 sm:max-w-xs">
      <Label htmlFor="statement-currency">Currency</Label>
      <Select value={statement.currencySymbol} onValueChange={onChange}>
        <SelectTrigger id="statement-currency" className="h-11">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {statement.currencies.map((currency) => (
            <SelectItem key={currency} value={currency}>
              {currency}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

function DownloadLink({ href, filename }: { href: string; filename: string }) {
  const [busy, setBusy] = useState(false);
  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await downloadStatementCsv(href, filename);
    } catch {
      notifyError(DOWNLOAD_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button asChild variant="outline" className="w-full sm:w-fit">
      <a href={href} download={filename} onClick={(event) => void download(event)} aria-busy={busy || undefined}>
        <Download aria-hidden />
        {busy ? 'Downloading…' : 'Download CSV'}
      </a>
    </Button>
  );
}

interface StatementViewProps {
  /** The statement's API path, without a query: /api/restaurants/:id/statement or /api/drivers/me/statement. */
  path: string;
  /** Whose statement the download's name says: the restaurant's name, or 'earnings'. */
  downloadName: string;
  /** Whom amounts are owed to, in 'Positive amounts are owed to …': 'you', 'the restaurant'. */
  owedTo: string;
  /** Shown when the account has no entries in any currency. */
  emptyTitle: string;
  /**
   * The account's realtime topic (the restaurant's, or the rider's): its orders moving and its
   * payouts made or moved (payout.moved) change the statement, which is read again a second after.
   */
  topic: string | null;
}

/** A statement with its period picker: the opening balance, the entries with the balance after each, the closing balance, and its CSV. */
export function StatementView({ path, downloadName, owedTo, emptyTitle, topic }: StatementViewProps) {
  const { period, currency, setPeriod, setCurrency } = useStatementChoice();
  const query = useInfiniteQuery(statementQuery(path, period, currency));
  useRealtime(topic, useSettledRefetch(statementKey(path)));
  useFailureToast(query.error, STATEMENT_MESSAGES.loadFailed);
  const first = query.data?.pages[0];
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];

  let content;
  if (query.isPending) {
    content = (
      <div role="status" aria-label="Loading the statement" className="grid gap-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <Skeleton className="h-24 w-full rounded-xl" />
          <Skeleton className="h-24 w-full rounded-xl" />
        </div>
        <Skeleton className="h-40 w-full rounded-xl" />
      </div>
    );
  } else if (query.isError && !first) {
    content = (
      <LoadFailed title={STATEMENT_MESSAGES.loadFailed} retrying={query.isFetching} onRetry={() => void query.refetch()} />
    );
  } else if (!first?.currencySymbol) {
    content = <EmptyState icon={ReceiptText} title={emptyTitle} />;
  } else {
    const symbol = first.currencySymbol;
    const money = (minor: number) => formatMoney(minor, symbol);
    const lastDay = addDays(first.to, -1);
    content = (
      <>
        <div className="grid gap-3 sm:flex sm:items-end sm:justify-between">
          <CurrencyPicker statement={first} onChange={setCurrency} />
          <DownloadLink href={statementCsvPath(path, period, symbol)} filename={statementFilename(downloadName, period)} />
        </div>
        <p className="text-sm text-muted-foreground">Positive amounts are owed to {owedTo}. Days are counted in UTC.</p>
        <dl aria-label="Balances" className="grid gap-3 sm:grid-cols-2">
          <Balance label="Opening balance" detail={`Before ${formatDay(first.from)}`} value={money(first.openingBalance)} />
          <Balance label="Closing balance" detail={`At the end of ${formatDay(lastDay)}`} value={money(first.closingBalance)} />
        </dl>
        <section aria-labelledby="statement-entries" className="grid gap-2">
          <h2 id="statement-entries" className="text-lg font-semibold">
            Entries
          </h2>
          {entries.length === 0 ? (
            <EmptyState icon={ReceiptText} title={STATEMENT_MESSAGES.empty} />
          ) : (
            <ul aria-label="Entries" className="divide-y rounded-xl border bg-card px-4">
              {entries.map((entry) => (
                <EntryItem key={entry.id} entry={entry} currencySymbol={symbol} />
              ))}
            </ul>
          )}
          <ShowMoreButton pages={query} loading="words" />
        </section>
      </>
    );
  }

  return (
    <div className="grid gap-5">
      <StatementPeriodPicker period={period} onChange={setPeriod} />
      {content}
    </div>
  );
}
