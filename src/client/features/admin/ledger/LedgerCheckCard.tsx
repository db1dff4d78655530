import { useMutation } from '@tanstack/react-query';
import { CircleCheck, Scale, TriangleAlert } from 'lucide-react';
import { LEDGER_MESSAGES, type LedgerCheck } from '@shared/ledger/books.js';
import { formatMoney } from '@shared/money.js';
import { plural } from '@shared/plural.js';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.js';
import { notifyError } from '@/lib/toast.js';
import { checkLedger } from './ledgerApi.js';

/** '1,000 transactions': a count with thousands separated, and its noun. */
const counted = (count: number, noun: string, nouns?: string) => `${count.toLocaleString('en')} ${plural(count, noun, nouns)}`;

function CheckResult({ check }: { check: LedgerCheck }) {
  const counts = `${counted(check.transactions, 'transaction')}, ${counted(check.entries, 'entry', 'entries')}`;
  if (check.balanced) {
    return (
      <p className="flex items-start gap-2 font-medium">
        <CircleCheck aria-hidden className="mt-0.5 size-5 shrink-0 text-success" />
        The ledger balances: {counts}.
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      <p className="flex items-start gap-2 font-medium">
        <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
        The ledger does not balance ({counts}). These transactions do not sum to zero:
      </p>
      <ul className="grid gap-1 text-sm" aria-label="Unbalanced transactions">
        {check.unbalanced.map((item) => (
          <li
            key={`${item.transactionId} ${item.currencySymbol}`}
            className="flex flex-wrap justify-between gap-x-4 rounded-md bg-muted px-3 py-2"
          >
            <span className="font-mono text-xs break-all">{item.transactionId}</span>
            <span className="tabular-nums">off by {formatMoney(item.sum, item.currencySymbol)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The 'Ledger check' button and what it found: every transaction sums to zero, or the ones that do not. */
export function LedgerCheckCard() {
  const check = useMutation({
    mutationFn: checkLedger,
    onError: (error) => notifyError(error instanceof Error && error.message ? error.message : LEDGER_MESSAGES.checkFailed),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Ledger check</CardTitle>
        <CardDescription>
          Every money event is a transaction whose entries sum to zero. The check adds up every entry of the ledger.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <Button className="w-full sm:w-fit" busy={check.isPending} onClick={() => check.mutate()}>
          <Scale aria-hidden />
          Ledger check
        </Button>
        <div aria-live="polite">
          {check.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {LEDGER_MESSAGES.checkFailed}
            </p>
          ) : check.data ? (
            <CheckResult check={check.data} />
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
