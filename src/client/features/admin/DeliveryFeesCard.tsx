import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import { useRef } from 'react';
import {
  Controller,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import {
  DELIVERY_LIMITS,
  DELIVERY_SETTINGS_MESSAGES,
  deliverySettingsFormSchema,
  deliverySettingsFormValues,
  EMPTY_PRICING_ROW,
  formFieldOf,
  type DeliverySettings,
  type DeliverySettingsFormInput,
  type DeliverySettingsView,
} from '@shared/admin/delivery.js';
import { COMMISSION_MESSAGES } from '@shared/admin/commission.js';
import { CURRENCY_CODES, CURRENCY_SYMBOLS, type CurrencySymbol } from '@shared/restaurants/currency.js';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.js';
import { FormField } from '@/components/ui/form-field.js';
import { Input } from '@/components/ui/input.js';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { ApiError, errorMessage } from '@/lib/apiError.js';
import { reportSubmitFailure } from '@/lib/formErrors.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { notifySuccess } from '@/lib/toast.js';
import { deliverySettingsQuery, updateDeliverySettings } from './deliverySettingsApi.js';
import { InlineLoadFailed } from '@/components/ui/inline-load-failed.js';

const M = DELIVERY_SETTINGS_MESSAGES;

const DELIVERY_HOW_IT_WORKS = [
  'The delivery fee is the base fee up to the included distance, plus the per-km fee for each started km beyond it',
  "The distance is the straight line between the restaurant's pin and the delivery pin, times the road factor",
  'Beyond the maximum distance the restaurant does not deliver to that address',
  'A currency without a row delivers free',
  "Riders earn the delivery fee less the platform's share, plus the whole tip",
  'Changes apply to new orders only',
  'A rider holding more cash than the limit is offered card-paid orders only until cash they hand in is recorded.',
];

type Form = DeliverySettingsFormInput;
const ROW_FIELDS = ['currencySymbol', 'baseFee', 'perKmFee', 'includedKm', 'maxKm', 'cashLimit'] as const;

/** Every field the server may name, in the form's terms, for its messages to land under them. */
const fieldsOf = (rows: number) =>
  [
    'roadFactor',
    'deliverySharePercent',
    ...Array.from({ length: rows }, (_, index) => ROW_FIELDS.map((field) => `currencies.${index}.${field}` as const)).flat(),
  ] as const;

/** The server's field messages, renamed to the form's fields ('currencies.0.maxMeters' is the 'currencies.0.maxKm' input). */
function inFormTerms(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error;
  const fields = Object.fromEntries(Object.entries(error.fields).map(([field, message]) => [formFieldOf(field), message]));
  return new ApiError(error.status, error.code, error.message, fields);
}

const currencyName = (symbol: string) =>
  symbol in CURRENCY_CODES ? `${symbol} ${CURRENCY_CODES[symbol as CurrencySymbol]}` : symbol;

interface RowProps {
  index: number;
  id: string;
  control: Control<Form, unknown, DeliverySettings>;
  register: UseFormRegister<Form>;
  errors: FieldErrors<Form>;
  onRemove: () => void;
}

/** One currency's pricing: the currency, its two fees and its two distances. */
function PricingRow({ index, id, control, register, errors, onRemove }: RowProps) {
  const symbol = useWatch({ control, name: `currencies.${index}.currencySymbol` });
  const rowErrors = errors.currencies?.[index];
  const inCurrency = (label: string) => (symbol ? `${label} (${symbol})` : label);
  const name = symbol ? currencyName(symbol) : `new currency ${index + 1}`;
  const fieldId = (field: string) => `delivery-${id}-${field}`;

  return (
    <li>
      <fieldset className="grid gap-3 rounded-lg border p-3 sm:p-4">
        <legend className="sr-only">{`Delivery fees in ${name}`}</legend>
        <div className="flex items-start gap-3">
          <Controller
            control={control}
            name={`currencies.${index}.currencySymbol`}
            render={({ field }) => (
              <div className="min-w-0 flex-1">
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormField id={fieldId('currency')} label="Currency" error={rowErrors?.currencySymbol?.message}>
                    {/* min-w-0: on a 320 px screen the placeholder is cut short rather than pushing the page sideways. */}
                    <SelectTrigger ref={field.ref} onBlur={field.onBlur} className="h-11 min-w-0">
                      <SelectValue placeholder="Choose a currency" />
                    </SelectTrigger>
                  </FormField>
                  <SelectContent>
                    {CURRENCY_SYMBOLS.map((option) => (
                      <SelectItem key={option} value={option}>
                        {currencyName(option)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            )}
          />
          <Button
            variant="outline"
            size="icon"
            className="mt-[1.375rem] shrink-0"
            aria-label={`Remove the delivery fees in ${name}`}
            onClick={onRemove}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
        <div className="grid items-start gap-3 min-[400px]:grid-cols-2">
          <FormField id={fieldId('base-fee')} label={inCurrency('Base fee')} error={rowErrors?.baseFee?.message}>
            <Input inputMode="decimal" autoComplete="off" placeholder="e.g. 8.00" {...register(`currencies.${index}.baseFee`)} />
          </FormField>
          <FormField id={fieldId('per-km-fee')} label={inCurrency('Per-km fee')} error={rowErrors?.perKmFee?.message}>
            <Input inputMode="decimal" autoComplete="off" placeholder="e.g. 1.50" {...register(`currencies.${index}.perKmFee`)} />
          </FormField>
          <FormField id={fieldId('included-km')} label="Included distance (km)" error={rowErrors?.includedKm?.message}>
            <Input inputMode="decimal" autoComplete="off" placeholder="e.g. 3" {...register(`currencies.${index}.includedKm`)} />
          </FormField>
          <FormField id={fieldId('max-km')} label="Maximum distance (km)" error={rowErrors?.maxKm?.message}>
            <Input inputMode="decimal" autoComplete="off" placeholder="e.g. 15" {...register(`currencies.${index}.maxKm`)} />
          </FormField>
          <FormField
            id={fieldId('cash-limit')}
            label={inCurrency('Cash limit')}
            hint="Most cash a rider may hold and still get cash orders. Empty: no limit."
            error={rowErrors?.cashLimit?.message}
            className="min-[400px]:col-span-2"
          >
            <Input
              inputMode="decimal"
              autoComplete="off"
              placeholder="No limit"
              className="min-[400px]:max-w-[calc(50%-0.375rem)]"
              {...register(`currencies.${index}.cashLimit`)}
            />
          </FormField>
        </div>
      </fieldset>
    </li>
  );
}

function DeliveryFeesForm({
  settings,
  onSaved,
}: {
  settings: DeliverySettingsView;
  onSaved: (next: DeliverySettingsView) => void;
}) {
  const addButton = useRef<HTMLButtonElement>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Form, unknown, DeliverySettings>({
    resolver: zodResolver(deliverySettingsFormSchema),
    defaultValues: deliverySettingsFormValues(settings),
  });
  const rows = useFieldArray({ control, name: 'currencies' });
  const full = rows.fields.length >= CURRENCY_SYMBOLS.length;

  async function save(body: DeliverySettings) {
    try {
      const saved = await updateDeliverySettings(body);
      onSaved(saved);
      reset(deliverySettingsFormValues(saved));
      notifySuccess(COMMISSION_MESSAGES.updatedTitle, M.updated);
    } catch (error) {
      reportSubmitFailure(inFormTerms(error), setError, fieldsOf(rows.fields.length), errorMessage(error, M.updateFailed));
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(save)} className="grid gap-6" aria-label="Delivery fees">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField
          id="delivery-road-factor"
          label="Road factor"
          hint={`Road distance as a multiple of the straight line, from ${DELIVERY_LIMITS.roadFactorPercent.min / 100} to ${DELIVERY_LIMITS.roadFactorPercent.max / 100}; 1.3 adds 30%.`}
          error={errors.roadFactor?.message}
        >
          <Input inputMode="decimal" autoComplete="off" className="h-11" {...register('roadFactor')} />
        </FormField>
        <FormField
          id="delivery-share"
          label="Platform's share of delivery fees (%)"
          hint="The rider earns the rest of each delivery fee, and the whole tip."
          error={errors.deliverySharePercent?.message}
        >
          <Input inputMode="decimal" autoComplete="off" className="h-11" {...register('deliverySharePercent')} />
        </FormField>
      </div>

      <section aria-labelledby="delivery-currencies" className="grid gap-3">
        <h3 id="delivery-currencies" className="font-semibold">
          Fees per currency
        </h3>
        {rows.fields.length === 0 ? (
          <p className="text-sm text-muted-foreground">No currency has delivery fees: every order delivers free.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Fees per currency">
            {rows.fields.map((row, index) => (
              <PricingRow
                key={row.id}
                id={row.id}
                index={index}
                control={control}
                register={register}
                errors={errors}
                onRemove={() => {
                  rows.remove(index);
                  addButton.current?.focus();
                }}
              />
            ))}
          </ul>
        )}
        <Button
          ref={addButton}
          variant="outline"
          className="w-full sm:w-fit"
          disabled={full}
          onClick={() =>
            rows.append(EMPTY_PRICING_ROW, { shouldFocus: true, focusName: `currencies.${rows.fields.length}.currencySymbol` })
          }
        >
          <Plus aria-hidden />
          Add currency
        </Button>
      </section>

      <Button type="submit" size="lg" busy={isSubmitting} className="w-full sm:w-fit sm:justify-self-end">
        {isSubmitting ? 'Saving...' : 'Save delivery fees'}
      </Button>
    </form>
  );
}

/** Settings' 'Delivery fees': the road factor, the platform's share of delivery fees and each currency's pricing (decision 022). */
export function DeliveryFeesCard() {
  const queryClient = useQueryClient();
  const settings = useQuery(deliverySettingsQuery());
  useFailureToast(settings.error, M.loadFailed);

  let content;
  if (settings.data) {
    content = (
      <DeliveryFeesForm
        settings={settings.data}
        onSaved={(next) => queryClient.setQueryData(deliverySettingsQuery().queryKey, next)}
      />
    );
  } else if (settings.isError) {
    content = <InlineLoadFailed message={M.loadFailed} retrying={settings.isFetching} onRetry={() => void settings.refetch()} />;
  } else {
    content = (
      <div role="status" aria-label="Loading delivery fees" className="grid gap-3">
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Delivery fees</CardTitle>
        <CardDescription>What customers pay to have an order delivered, and the platform&apos;s share of it.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {content}
        <div className="grid gap-2">
          <h3 className="font-semibold">How delivery fees work</h3>
          <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
            {DELIVERY_HOW_IT_WORKS.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
