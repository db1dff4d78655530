import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { BadgeCheck, Search } from 'lucide-react';
import { useId, useRef, useState, type MouseEvent, type SubmitEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { PAYOUT_RECIPIENT_TYPES, type PayoutRecipientType } from '@shared/payouts/kinds.js';
import { recipientTypesIn } from '@shared/payouts/countries.js';
import { payoutAccountInputSchema, type PayoutAccountView } from '@shared/payouts/schemas.js';
import { Button } from '@/components/ui/button.js';
import { FormField } from '@/components/ui/form-field.js';
import { Input } from '@/components/ui/input.js';
import { SegmentedRadio } from '@/components/ui/segmented-radio.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.js';
import { errorMessage } from '@/lib/apiError.js';
import { showServerFieldErrors } from '@/lib/formErrors.js';
import { institutionLabel, numberLabel } from './payoutChoices.js';
import { PAYOUT_ACCOUNT_TEXTS as T } from './payoutTexts.js';
import { payoutBanksQuery, resolvePayoutAccount, savePayoutAccount, type PayoutAccountPath } from './payoutsApi.js';

type Input = z.input<typeof payoutAccountInputSchema>;
type Body = z.output<typeof payoutAccountInputSchema>;

const FIELDS = ['recipientType', 'bankCode', 'accountNumber'] as const;

/** The account as the server will read it, or null while the form does not hold a valid one. */
function parsedKey(values: Partial<Input>): string | null {
  const parsed = payoutAccountInputSchema.safeParse(values);
  return parsed.success ? JSON.stringify(parsed.data) : null;
}

interface BankFieldProps {
  id: string;
  type: PayoutRecipientType;
  country: string;
  value: string;
  error?: string;
  onChange: (code: string) => void;
  onBlur: () => void;
  fieldRef: (element: HTMLButtonElement | null) => void;
}

/** The bank, or mobile money provider, as a select filled from Paystack's list for this kind of account. */
function BankField({ id, type, country, value, error, onChange, onBlur, fieldRef }: BankFieldProps) {
  const banks = useQuery(payoutBanksQuery(type, country));
  const label = institutionLabel(type);
  let placeholder = type === 'mobile_money' ? 'Choose a provider' : 'Choose a bank';
  if (banks.isPending) placeholder = T.banksLoading;
  else if (banks.isError) placeholder = T.banksFailed;
  return (
    <div className="grid gap-2">
      <Select value={value} onValueChange={onChange} disabled={!banks.data}>
        <FormField id={id} label={label} error={error}>
          <SelectTrigger ref={fieldRef} onBlur={onBlur} className="min-w-0">
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
        </FormField>
        <SelectContent>
          {banks.data?.banks.map((bank) => (
            <SelectItem key={bank.code} value={bank.code}>
              {bank.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {banks.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-destructive">{errorMessage(banks.error, T.banksFailed)}</span>
          <Button variant="outline" size="sm" busy={banks.isFetching} onClick={() => void banks.refetch()}>
            Try again
          </Button>
        </div>
      )}
    </div>
  );
}

interface PayoutAccountFormProps {
  path: PayoutAccountPath;
  /** The countries the payee may be paid in: the restaurant's one, or those a rider picks from. */
  countries: readonly string[];
  initialCountry: string;
  initialType?: PayoutRecipientType;
  onSaved: (account: PayoutAccountView) => void;
  /** Offered when an account is saved already: back to it without changing anything. */
  onCancel?: () => void;
}

/**
 * Where payouts go: the country (a rider's choice), bank account or mobile money, the bank or
 * provider, and the number. 'Check account' asks Paystack whose account it is; only the account
 * Paystack named can be saved, and changing any field asks again.
 */
export function PayoutAccountForm({ path, countries, initialCountry, initialType, onSaved, onCancel }: PayoutAccountFormProps) {
  const id = useId();
  const [country, setCountry] = useState<string>(initialCountry);
  const types = recipientTypesIn(country);
  const startType = initialType && types.includes(initialType) ? initialType : types[0];
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<Input, unknown, Body>({
    resolver: zodResolver(payoutAccountInputSchema),
    defaultValues: { recipientType: startType, bankCode: '', accountNumber: '' },
  });
  const watched = useWatch({ control });
  const type = (watched.recipientType ?? startType) as PayoutRecipientType;
  const [resolved, setResolved] = useState<{ key: string; accountName: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const current = parsedKey(watched);
  const confirmed = resolved !== null && resolved.key === current ? resolved : null;

  const refused = (error: unknown, fallback: string) => {
    if (!showServerFieldErrors(error, setError, FIELDS)) setProblem(errorMessage(error, fallback));
  };
  // One request at a time: a double click or a second Enter before the first answer sends nothing more.
  const inFlight = useRef(false);
  const settle = () => {
    inFlight.current = false;
  };
  const check = useMutation({
    mutationFn: resolvePayoutAccount,
    onMutate: () => {
      setProblem(null);
      setResolved(null);
    },
    onSuccess: (answer, body) => setResolved({ key: JSON.stringify(body), accountName: answer.accountName }),
    onError: (error) => refused(error, T.resolveFailed),
    onSettled: settle,
  });
  const save = useMutation({
    mutationFn: (body: Body) => savePayoutAccount(path, body),
    onMutate: () => setProblem(null),
    onSuccess: onSaved,
    onError: (error) => refused(error, T.saveFailed),
    onSettled: settle,
  });
  const busy = check.isPending || save.isPending;

  const chooseCountry = (next: string) => {
    setCountry(next);
    const nextTypes = recipientTypesIn(next);
    setValue('recipientType', nextTypes.includes(type) ? type : (nextTypes[0] ?? type));
    setValue('bankCode', '');
    setProblem(null);
  };
  const chooseType = (next: PayoutRecipientType) => {
    setValue('recipientType', next);
    setValue('bankCode', '');
    setProblem(null);
  };

  const send = (body: Body, saving: boolean) => {
    if (inFlight.current) return;
    inFlight.current = true;
    if (saving) save.mutate(body);
    else check.mutate(body);
  };
  // Enter and 'Save payout account' save the account Paystack named; any other account is checked first.
  const submit = (event: SubmitEvent<HTMLFormElement>) =>
    handleSubmit((body) => send(body, confirmed !== null && JSON.stringify(body) === confirmed.key))(event);
  const checkOnly = (event: MouseEvent<HTMLButtonElement>) => handleSubmit((body) => send(body, false))(event);

  const typeLabels = Object.fromEntries(types.map((option) => [option, PAYOUT_RECIPIENT_TYPES[option].label])) as Record<
    PayoutRecipientType,
    string
  >;
  const saveHint = `${id}-save-hint`;

  return (
    <form noValidate aria-label="Payout account" onSubmit={submit} className="grid gap-5">
      {countries.length > 1 && (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Country</legend>
          <SegmentedRadio
            label="Country"
            options={countries}
            labels={asLabels(countries)}
            value={country}
            onChange={chooseCountry}
          />
        </fieldset>
      )}
      {types.length > 1 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">Paid to</legend>
          <SegmentedRadio label="Paid to" options={types} labels={typeLabels} value={type} onChange={chooseType} />
        </fieldset>
      ) : (
        <p className="text-sm">
          <span className="font-medium">Paid to:</span> {typeLabels[type]}
        </p>
      )}
      <Controller
        control={control}
        name="bankCode"
        render={({ field }) => (
          <BankField
            id={`${id}-bank`}
            type={type}
            country={country}
            value={field.value}
            error={errors.bankCode?.message}
            onChange={field.onChange}
            onBlur={field.onBlur}
            fieldRef={field.ref}
          />
        )}
      />
      <FormField
        id={`${id}-number`}
        label={numberLabel(type)}
        hint={type === 'mobile_money' ? T.phoneHint : undefined}
        error={errors.accountNumber?.message}
      >
        <Input inputMode="numeric" autoComplete="off" className="h-11" {...register('accountNumber')} />
      </FormField>

      <div aria-live="polite" className="grid gap-2">
        {confirmed && (
          <p className="flex items-start gap-2 rounded-lg border border-success/40 bg-success/10 p-3 text-sm">
            <BadgeCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
            <span>
              Paystack says this account belongs to:{' '}
              <strong className="font-semibold break-words">{confirmed.accountName}</strong>
            </span>
          </p>
        )}
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
        )}
        {/* Until Paystack has named the holder, Enter checks the account; then it saves it. */}
        <Button
          type={confirmed ? 'button' : 'submit'}
          variant={confirmed ? 'outline' : 'default'}
          busy={check.isPending}
          disabled={busy}
          onClick={confirmed ? checkOnly : undefined}
        >
          <Search aria-hidden />
          {check.isPending ? 'Checking...' : 'Check account'}
        </Button>
        <Button
          type="submit"
          busy={save.isPending}
          disabled={!confirmed || busy}
          aria-describedby={confirmed ? undefined : saveHint}
        >
          {save.isPending ? 'Saving...' : 'Save payout account'}
        </Button>
      </div>
      {!confirmed && (
        <p id={saveHint} className="text-sm text-muted-foreground sm:text-right">
          {T.checkFirst}
        </p>
      )}
      <div aria-live="assertive">
        {problem && (
          <p role="alert" className="rounded-lg border border-destructive/40 p-3 text-sm text-destructive">
            {problem}
          </p>
        )}
      </div>
    </form>
  );
}

const asLabels = <Value extends string>(values: readonly Value[]) =>
  Object.fromEntries(values.map((value): [string, string] => [value, value])) as Record<Value, string>;
