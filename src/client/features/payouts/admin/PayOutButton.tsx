import { useMutation } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { useRef } from 'react';
import type { PayoutDue } from '@shared/payouts/schemas.js';
import { CURRENCY_SYMBOLS, type CurrencySymbol } from '@shared/restaurants/currency.js';
import { Button } from '@/components/ui/button.js';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.js';
import { errorMessage } from '@/lib/apiError.js';
import { formatMoney } from '@/lib/format.js';
import { notifyError, notifySuccess } from '@/lib/toast.js';
import { PAYOUTS_TEXTS as T } from '../payoutTexts.js';
import { startPayout } from '../payoutsApi.js';
import { usePayoutsRefresh } from './usePayoutsRefresh.js';

const isCurrencySymbol = (symbol: string): symbol is CurrencySymbol => (CURRENCY_SYMBOLS as readonly string[]).includes(symbol);

export const PAYEE_WORDS = { restaurant: 'Restaurant', rider: 'Rider' } as const;

/** Why a payee cannot be paid now, or null when they can. */
export function payOutBlocker(due: PayoutDue): string | null {
  if (due.openPayout) return 'A payout is under way';
  if (!due.hasAccount) return 'No payout account yet';
  if (due.owed <= 0 || !isCurrencySymbol(due.currencySymbol)) return 'Nothing to pay';
  return null;
}

/**
 * 'Pay out' for one payee: asks first, naming the amount and the payee, then pays them all they
 * are owed in the row's currency. Off while a payout to them is under way or they have no account;
 * a second click while the first is sent does nothing.
 */
export function PayOutButton({ due }: { due: PayoutDue }) {
  const refresh = usePayoutsRefresh();
  const sending = useRef(false);
  const amount = formatMoney(due.owed, due.currencySymbol);
  const pay = useMutation({
    mutationFn: () => {
      const { currencySymbol } = due;
      if (!isCurrencySymbol(currencySymbol)) throw new Error(T.payFailed);
      return startPayout({ payee: due.payee, payeeId: due.payeeId, currencySymbol });
    },
    onSuccess: (payout) =>
      notifySuccess('Payout started', `${formatMoney(payout.amount, payout.currencySymbol)} to ${payout.name}`),
    onError: (error) => notifyError(errorMessage(error, T.payFailed)),
    onSettled: async () => {
      sending.current = false;
      await refresh();
    },
  });
  const confirm = () => {
    if (sending.current) return;
    sending.current = true;
    pay.mutate();
  };
  const blocker = payOutBlocker(due);

  return (
    <ConfirmDialog
      title={`Pay ${amount} to ${due.name}?`}
      description={`Paystack sends ${amount} to the payout account of ${due.name} (${PAYEE_WORDS[due.payee].toLowerCase()}). This cannot be undone once Paystack has paid it.`}
      confirmLabel={`Pay out ${amount}`}
      cancelLabel="Cancel"
      onConfirm={confirm}
      trigger={
        <Button
          variant="outline"
          className="w-full sm:w-auto"
          busy={pay.isPending}
          disabled={blocker !== null}
          title={blocker ?? undefined}
          aria-label={`Pay out ${amount} to ${due.name}`}
        >
          <Send aria-hidden />
          Pay out
        </Button>
      }
    />
  );
}
