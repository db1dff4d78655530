import { useMutation } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useRef, useState } from 'react';
import { countOf } from '@shared/plural.js';
import type { PayoutDue } from '@shared/payouts/schemas.js';
import type { CurrencySymbol } from '@shared/restaurants/currency.js';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog.js';
import { Button } from '@/components/ui/button.js';
import { errorMessage } from '@/lib/apiError.js';
import { formatMoney } from '@/lib/format.js';
import { notifyError, notifySuccess } from '@/lib/toast.js';
import { PAYOUTS_TEXTS as T } from '../payoutTexts.js';
import { allPayoutsDue, payEveryone } from '../payoutsApi.js';
import { payOutBlocker } from './PayOutButton.js';
import { usePayoutsRefresh } from './usePayoutsRefresh.js';

interface Tally {
  payees: number;
  total: number;
  /** Owed in this currency but not paid now: no payout account, or a payout under way. */
  skipped: number;
}

/** What paying everyone due in a currency would pay, from every page of who is owed. */
function tallyOf(all: PayoutDue[], currencySymbol: string): Tally {
  const owed = all.filter((due) => due.currencySymbol === currencySymbol && due.owed > 0);
  const payable = owed.filter((due) => payOutBlocker(due) === null);
  return {
    payees: payable.length,
    total: payable.reduce((sum, due) => sum + due.owed, 0),
    skipped: owed.length - payable.length,
  };
}

/**
 * 'Pay everyone due' in one currency: sums what everyone payable is owed (every page of the list),
 * asks with the total, then has the server pay each of them. The server decides who is paid; its
 * answer (made, skipped, total) is what the toast says.
 */
export function PayEveryoneButton({ currencySymbol }: { currencySymbol: CurrencySymbol }) {
  const refresh = usePayoutsRefresh();
  const [tally, setTally] = useState<Tally | null>(null);
  const sending = useRef(false);
  const money = (minor: number) => formatMoney(minor, currencySymbol);

  const count = useMutation({
    mutationFn: allPayoutsDue,
    onSuccess: (all) => setTally(tallyOf(all, currencySymbol)),
    onError: (error) => notifyError(errorMessage(error, T.dueFailed)),
  });
  const pay = useMutation({
    mutationFn: () => payEveryone({ currencySymbol }),
    onSuccess: (result) =>
      notifySuccess(
        `${countOf(result.created, 'payout')} started`,
        `${money(result.totalAmount)} in total${result.skipped > 0 ? `; ${countOf(result.skipped, 'payee')} skipped` : ''}`,
      ),
    onError: (error) => notifyError(errorMessage(error, T.payFailed)),
    onSettled: async () => {
      sending.current = false;
      await refresh();
    },
  });
  const confirm = () => {
    setTally(null);
    if (sending.current) return;
    sending.current = true;
    pay.mutate();
  };

  const skippedLine =
    tally && tally.skipped > 0
      ? ` ${countOf(tally.skipped, 'payee')} owed in ${currencySymbol} without a payout account or with a payout under way will be skipped.`
      : '';

  return (
    <>
      <Button
        variant="secondary"
        className="w-full sm:w-auto"
        busy={count.isPending || pay.isPending}
        onClick={() => count.mutate()}
      >
        <Users aria-hidden />
        Pay everyone due in {currencySymbol}
      </Button>
      <AlertDialog open={tally !== null} onOpenChange={(open) => !open && setTally(null)}>
        <AlertDialogContent>
          {tally && tally.payees > 0 ? (
            <>
              <AlertDialogHeader>
                <AlertDialogTitle>Pay everyone due in {currencySymbol}?</AlertDialogTitle>
                <AlertDialogDescription>
                  {`Paystack sends ${money(tally.total)} in total to ${countOf(tally.payees, 'payee')} with a payout account.${skippedLine}`}
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>Cancel</AlertDialogCancel>
                <AlertDialogAction onClick={confirm}>Pay {money(tally.total)}</AlertDialogAction>
              </AlertDialogFooter>
            </>
          ) : (
            <>
              <AlertDialogHeader>
                <AlertDialogTitle>Nobody to pay in {currencySymbol}</AlertDialogTitle>
                <AlertDialogDescription>
                  {`Nobody owed in ${currencySymbol} can be paid right now.${skippedLine}`}
                </AlertDialogDescription>
              </AlertDialogHeader>
              <AlertDialogFooter>
                <AlertDialogCancel>Close</AlertDialogCancel>
              </AlertDialogFooter>
            </>
          )}
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
