import { zodResolver } from '@hookform/resolvers/zod';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Banknote, HandCoins } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { AdminDriverView } from '@shared/admin/drivers.js';
import {
  CASH_MESSAGES as M,
  cashHandInFormSchema,
  type CashHandInFormInput,
  type CashHandInRequest,
} from '@shared/drivers/cash.js';
import { formatMoney } from '@shared/money.js';
import { CashHandInItem } from '@/components/ledger/CashHandInItem.js';
import { Button } from '@/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog.js';
import { FormDialogFooter } from '@/components/ui/form-dialog.js';
import { EmptyState, LoadFailed } from '@/components/ui/empty-state.js';
import { FormField } from '@/components/ui/form-field.js';
import { Input } from '@/components/ui/input.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.js';
import { ShowMoreButton } from '@/components/ui/show-more-button.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { errorMessage } from '@/lib/apiError.js';
import { reportSubmitFailure } from '@/lib/formErrors.js';
import { notifySuccess } from '@/lib/toast.js';
import { adminCashHandInsKey, cashHandInsQuery, recordCashHandIn } from './cashHandInsApi.js';
import { adminDriversKey } from './driversApi.js';

const FIELDS = ['amount', 'currencySymbol', 'reference', 'receivedBy'] as const;

/** 'Record cash handed in': the cash a rider brought to the office, with the receipt's reference and who took it, and the hand-ins recorded before. */
export function CashHandInDialog({ driver }: { driver: AdminDriverView }) {
  const [open, setOpen] = useState(false);
  const held = driver.cash.filter((cash) => cash.held > 0);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="h-11" aria-label={`Record cash handed in by ${driver.fullName}`}>
          <HandCoins aria-hidden />
          Record cash handed in
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Record cash handed in</DialogTitle>
          <DialogDescription>
            {held.length === 0
              ? `${driver.fullName} holds no cash from cash orders.`
              : `${driver.fullName} holds ${held.map((cash) => formatMoney(cash.held, cash.currencySymbol)).join(' and ')} in cash.`}
          </DialogDescription>
        </DialogHeader>
        {/* A fresh, empty form at every opening. */}
        {open && held.length > 0 && <HandInForm driver={driver} onDone={() => setOpen(false)} />}
        {open && <HandInHistory riderId={driver.userId} />}
      </DialogContent>
    </Dialog>
  );
}

function HandInForm({ driver, onDone }: { driver: AdminDriverView; onDone: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const held = driver.cash.filter((cash) => cash.held > 0);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CashHandInFormInput, unknown, CashHandInRequest>({
    resolver: zodResolver(cashHandInFormSchema),
    defaultValues: { amount: '', currencySymbol: held[0]?.currencySymbol ?? '', reference: '', receivedBy: '' },
  });
  const symbol = useWatch({ control, name: 'currencySymbol' });
  const holding = held.find((cash) => cash.currencySymbol === symbol);

  async function save(body: CashHandInRequest) {
    const most = held.find((cash) => cash.currencySymbol === body.currencySymbol)?.held ?? 0;
    if (body.amount > most) {
      setError('amount', { message: M.moreThanHeld(body.amount, most, body.currencySymbol) }, { shouldFocus: true });
      return;
    }
    try {
      const recorded = await recordCashHandIn(driver.userId, body);
      notifySuccess(M.recorded, `${formatMoney(recorded.amount, recorded.currencySymbol)} from ${driver.fullName}`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminDriversKey }),
        queryClient.invalidateQueries({ queryKey: adminCashHandInsKey }),
      ]);
      onDone();
    } catch (error) {
      reportSubmitFailure(error, setError, FIELDS, errorMessage(error, M.recordFailed));
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(save)} className="grid gap-4" aria-label="Cash handed in">
      <div className="grid items-start gap-4 min-[400px]:grid-cols-2">
        <Controller
          control={control}
          name="currencySymbol"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <FormField id={`${id}-currency`} label="Currency" error={errors.currencySymbol?.message}>
                <SelectTrigger ref={field.ref} onBlur={field.onBlur} className="h-11 min-w-0">
                  <SelectValue placeholder="Choose a currency" />
                </SelectTrigger>
              </FormField>
              <SelectContent>
                {held.map((cash) => (
                  <SelectItem key={cash.currencySymbol} value={cash.currencySymbol}>
                    {cash.currencySymbol}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <FormField
          id={`${id}-amount`}
          label={symbol ? `Amount (${symbol})` : 'Amount'}
          hint={holding ? `Up to ${formatMoney(holding.held, holding.currencySymbol)}` : undefined}
          error={errors.amount?.message}
        >
          <Input inputMode="decimal" autoComplete="off" placeholder="e.g. 500.00" className="h-11" {...register('amount')} />
        </FormField>
      </div>
      <FormField
        id={`${id}-reference`}
        label="Reference"
        hint="The receipt's number: a hand-in is recorded once per reference."
        error={errors.reference?.message}
      >
        <Input autoComplete="off" maxLength={100} className="h-11" {...register('reference')} />
      </FormField>
      <FormField id={`${id}-received-by`} label="Received by" error={errors.receivedBy?.message}>
        <Input autoComplete="off" maxLength={100} className="h-11" {...register('receivedBy')} />
      </FormField>
      <FormDialogFooter busy={isSubmitting}>{isSubmitting ? 'Recording...' : 'Record hand-in'}</FormDialogFooter>
    </form>
  );
}

/** The rider's hand-ins recorded so far, newest first. */
function HandInHistory({ riderId }: { riderId: string }) {
  const headingId = useId();
  const query = useInfiniteQuery(cashHandInsQuery(riderId));
  const handIns = query.data?.pages.flatMap((page) => page.items) ?? [];
  let content;
  if (query.isPending) {
    content = (
      <div role="status" aria-label="Loading the cash hand-ins" className="grid gap-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    );
  } else if (query.isError && !query.data) {
    content = <LoadFailed title={M.loadFailed} retrying={query.isFetching} onRetry={() => void query.refetch()} />;
  } else if (handIns.length === 0) {
    content = <EmptyState icon={Banknote} title={M.empty} className="py-6" />;
  } else {
    content = (
      <>
        <ul aria-label="Cash handed in" className="divide-y">
          {handIns.map((handIn) => (
            <CashHandInItem key={handIn.id} handIn={handIn} showRecorder compact />
          ))}
        </ul>
        <ShowMoreButton pages={query} />
      </>
    );
  }
  return (
    <section aria-labelledby={`${headingId}`} className="grid gap-2 border-t pt-4">
      <h3 id={headingId} className="font-semibold">
        Recorded hand-ins
      </h3>
      {content}
    </section>
  );
}
