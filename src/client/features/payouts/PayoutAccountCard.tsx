import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Landmark, Pencil } from 'lucide-react';
import { useRef, useState, type ReactNode } from 'react';
import { PAYOUT_RECIPIENT_TYPES } from '@shared/payouts/kinds.js';
import type { PayoutAccountView } from '@shared/payouts/schemas.js';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.js';
import { LoadFailed } from '@/components/ui/empty-state.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { formatDate } from '@/lib/format.js';
import { notifySuccess } from '@/lib/toast.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { countryOfCurrency } from './payoutChoices.js';
import { PayoutAccountForm } from './PayoutAccountForm.js';
import { PAYOUT_ACCOUNT_TEXTS as T } from './payoutTexts.js';
import { payoutAccountQuery, type PayoutAccountPath } from './payoutsApi.js';

/** A saved account: every field is set once recipientType is. */
type SavedAccount = PayoutAccountView & { recipientType: NonNullable<PayoutAccountView['recipientType']> };
const isSaved = (account: PayoutAccountView | undefined): account is SavedAccount => Boolean(account?.recipientType);

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}

/** The saved account as its owner reads it: the bank, the last four digits, the holder's name. */
function SavedAccountFacts({ account }: { account: SavedAccount }) {
  const kind = PAYOUT_RECIPIENT_TYPES[account.recipientType].label;
  return (
    <dl aria-label="Saved payout account" className="grid gap-3 sm:grid-cols-2">
      <Fact label={account.recipientType === 'mobile_money' ? 'Mobile money provider' : 'Bank'}>
        {account.bankName ?? account.bankCode}
        <span className="block text-sm font-normal text-muted-foreground">{kind}</span>
      </Fact>
      <Fact label={account.recipientType === 'mobile_money' ? 'Number' : 'Account number'}>
        <span aria-hidden>•••• {account.accountNumberLast4}</span>
        <span className="sr-only">ending in {account.accountNumberLast4}</span>
      </Fact>
      <Fact label="Account holder">{account.accountName}</Fact>
      <Fact label="Paid in">
        {account.currency}
        {account.updatedAt && (
          <span className="block text-sm font-normal text-muted-foreground">
            Saved <time dateTime={account.updatedAt}>{formatDate(account.updatedAt)}</time>
          </span>
        )}
      </Fact>
    </dl>
  );
}

interface PayoutAccountCardProps {
  path: PayoutAccountPath;
  /** The countries the payee may be paid in: the restaurant's one, or those a rider picks from. */
  countries: readonly string[];
  /** The country the form opens on when no account is saved yet. */
  defaultCountry: string;
  /** Who is paid, for the card's description: 'your restaurant' or 'you'. */
  payee: string;
}

/**
 * 'Payout account': where the platform pays what it owes. The saved account with 'Change', or
 * the form (straight away when none is saved yet); saving shows the account Paystack named.
 */
export function PayoutAccountCard({ path, countries, defaultCountry, payee }: PayoutAccountCardProps) {
  const queryClient = useQueryClient();
  const account = useQuery(payoutAccountQuery(path));
  useFailureToast(account.error, T.loadFailed);
  const [changing, setChanging] = useState(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const saved = isSaved(account.data) ? account.data : null;
  const savedCountry = saved && countryOfCurrency(saved.currency);

  function onSaved(next: PayoutAccountView) {
    queryClient.setQueryData(payoutAccountQuery(path).queryKey, next);
    setChanging(false);
    notifySuccess(
      T.saved,
      next.bankName && next.accountNumberLast4 ? `${next.bankName} •••• ${next.accountNumberLast4}` : undefined,
    );
    // The form the focus was in is gone: it goes to the card's heading, above the account just saved.
    requestAnimationFrame(() => heading.current?.focus());
  }

  let content;
  if (account.isPending) {
    content = (
      <div role="status" aria-label="Loading the payout account" className="grid gap-3">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  } else if (account.isError) {
    content = <LoadFailed title={T.loadFailed} retrying={account.isFetching} onRetry={() => void account.refetch()} />;
  } else if (saved && !changing) {
    content = (
      <div className="grid gap-4">
        <SavedAccountFacts account={saved} />
        <Button
          ref={changeButton}
          variant="outline"
          className="w-full sm:w-fit"
          aria-label="Change payout account"
          onClick={() => setChanging(true)}
        >
          <Pencil aria-hidden />
          Change
        </Button>
      </div>
    );
  } else {
    content = (
      <div className="grid gap-4">
        {!saved && (
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <Landmark aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              <span className="font-medium text-foreground">{T.none}.</span> {T.noneDetail}
            </span>
          </p>
        )}
        <PayoutAccountForm
          path={path}
          countries={countries}
          initialCountry={savedCountry && countries.includes(savedCountry) ? savedCountry : defaultCountry}
          initialType={saved?.recipientType}
          onSaved={onSaved}
          onCancel={
            saved
              ? () => {
                  setChanging(false);
                  requestAnimationFrame(() => changeButton.current?.focus());
                }
              : undefined
          }
        />
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" ref={heading} tabIndex={-1} className="outline-none">
          Payout account
        </CardTitle>
        <CardDescription>Where the platform pays what it owes {payee}, through Paystack.</CardDescription>
      </CardHeader>
      <CardContent>{content}</CardContent>
    </Card>
  );
}
