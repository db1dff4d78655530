import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useId, useRef, useState, type SubmitEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { payoutOtpSchema, type PayoutView } from '@shared/payouts/schemas.js';
import { Button } from '@/components/ui/button.js';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog.js';
import { FormField } from '@/components/ui/form-field.js';
import { Input } from '@/components/ui/input.js';
import { errorMessage } from '@/lib/apiError.js';
import { showServerFieldErrors } from '@/lib/formErrors.js';
import { formatMoney } from '@/lib/format.js';
import { notifySuccess } from '@/lib/toast.js';
import { PAYOUTS_TEXTS as T } from '../payoutTexts.js';
import { resendPayoutOtp, submitPayoutOtp } from '../payoutsApi.js';
import { usePayoutsRefresh } from './usePayoutsRefresh.js';

type Input = z.input<typeof payoutOtpSchema>;
type Body = z.output<typeof payoutOtpSchema>;

/**
 * The OTP form: sent once at a time; what Paystack refuses stays in the dialog to try again. 'Send a
 * new OTP' asks Paystack for another when the first did not arrive or has expired.
 */
function OtpForm({ payout, onDone }: { payout: PayoutView; onDone: () => void }) {
  const id = useId();
  const refresh = usePayoutsRefresh();
  const sending = useRef(false);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, Body>({ resolver: zodResolver(payoutOtpSchema), defaultValues: { otp: '' } });
  const send = useMutation({
    mutationFn: (body: Body) => submitPayoutOtp(payout.id, body.otp),
    onMutate: () => setProblem(null),
    onSuccess: () => {
      notifySuccess('OTP accepted', `Paystack is sending ${formatMoney(payout.amount, payout.currencySymbol)} to ${payout.name}`);
      onDone();
    },
    onError: (error) => {
      if (!showServerFieldErrors(error, setError, ['otp'])) setProblem(errorMessage(error, T.otpFailed));
    },
    onSettled: async () => {
      sending.current = false;
      await refresh();
    },
  });
  const resend = useMutation({
    mutationFn: () => resendPayoutOtp(payout.id),
    onMutate: () => setProblem(null),
    onSuccess: () => notifySuccess('New OTP sent', "Paystack sent a new OTP to the business's phone"),
    onError: (error) => setProblem(errorMessage(error, T.otpResendFailed)),
    onSettled: () => refresh(),
  });
  const submit = (event: SubmitEvent<HTMLFormElement>) =>
    handleSubmit((body) => {
      if (sending.current) return;
      sending.current = true;
      send.mutate(body);
    })(event);

  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Enter OTP">
      <FormField id={`${id}-otp`} label="OTP" error={errors.otp?.message}>
        <Input inputMode="numeric" autoComplete="one-time-code" className="h-11" autoFocus {...register('otp')} />
      </FormField>
      {problem && (
        <p role="alert" className="rounded-lg border border-destructive/40 p-3 text-sm text-destructive">
          {problem}
        </p>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" busy={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? 'Asking...' : 'Send a new OTP'}
        </Button>
        <Button type="submit" busy={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send OTP'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** 'Enter OTP' for a payout Paystack holds until the OTP it sent the business's phone is entered. */
export function OtpDialog({ payout }: { payout: PayoutView }) {
  const [open, setOpen] = useState(false);
  const amount = formatMoney(payout.amount, payout.currencySymbol);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button className="w-full sm:w-fit" aria-label={`Enter OTP for ${amount} to ${payout.name}`}>
          <KeyRound aria-hidden />
          Enter OTP
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Enter OTP</DialogTitle>
          <DialogDescription className="[overflow-wrap:anywhere]">
            {`Paystack sent an OTP to the business's phone to release ${amount} to ${payout.name} (reference ${payout.reference}).`}
          </DialogDescription>
        </DialogHeader>
        {open && <OtpForm payout={payout} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  );
}
