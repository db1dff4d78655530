import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  COMMISSION_LIMITS,
  COMMISSION_MESSAGES,
  commissionUpdateSchema,
  DEFAULT_COMMISSION_PERCENT,
  type CommissionSettings,
  type CommissionUpdate,
} from '@shared/admin/commission.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.js';
import { FormField } from '@/components/ui/form-field.js';
import { Input } from '@/components/ui/input.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { formatDateTime, formatPercent } from '@/lib/format.js';
import { reportSubmitFailure } from '@/lib/formErrors.js';
import { notifySuccess } from '@/lib/toast.js';
import { ApprovalCard } from './ApprovalCard.js';
import { BatchingCard } from './BatchingCard.js';
import { commissionQuery, updateCommission } from './commissionApi.js';
import { DeliveryFeesCard } from './DeliveryFeesCard.js';
import { InlineLoadFailed } from '@/components/ui/inline-load-failed.js';

const HOW_IT_WORKS = [
  'Commission is calculated automatically on each order, from the food subtotal only: not from the delivery fee or the tip',
  'Restaurants receive the food subtotal minus commission',
  'Changes apply to new orders only',
];

function CommissionForm({
  settings,
  onSaved,
}: {
  settings: CommissionSettings | undefined;
  onSaved: (next: CommissionSettings) => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof commissionUpdateSchema>, unknown, CommissionUpdate>({
    resolver: zodResolver(commissionUpdateSchema),
    defaultValues: { percent: DEFAULT_COMMISSION_PERCENT },
    // The loaded rate replaces the default once it arrives, without undoing what the admin is typing.
    values: settings ? { percent: settings.percent } : undefined,
    resetOptions: { keepDirtyValues: true },
  });
  const loaded = settings !== undefined;

  async function save(body: CommissionUpdate) {
    try {
      onSaved(await updateCommission(body));
      notifySuccess(COMMISSION_MESSAGES.updatedTitle, COMMISSION_MESSAGES.updated);
    } catch (error) {
      reportSubmitFailure(error, setError, ['percent'], COMMISSION_MESSAGES.updateFailed);
    }
  }

  return (
    <form noValidate onSubmit={handleSubmit(save)} className="grid gap-4">
      <div className="grid gap-3 sm:flex sm:items-start">
        <FormField id="commission-percent" label="Commission Percentage (%)" error={errors.percent?.message} className="sm:w-56">
          <Input
            type="number"
            inputMode="decimal"
            min={COMMISSION_LIMITS.min}
            max={COMMISSION_LIMITS.max}
            step={COMMISSION_LIMITS.step}
            className="h-11"
            disabled={!loaded}
            {...register('percent', { valueAsNumber: true })}
          />
        </FormField>
        <Button type="submit" size="lg" busy={isSubmitting} disabled={!loaded} className="w-full sm:mt-[1.375rem] sm:w-fit">
          {isSubmitting ? 'Updating...' : 'Update'}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        This rate will be applied to all new orders. Current rate:{' '}
        {loaded ? (
          <span className="font-medium text-foreground">{formatPercent(settings.percent)}</span>
        ) : (
          <Skeleton className="inline-block h-4 w-10 align-middle" />
        )}
      </p>
    </form>
  );
}

function RecentChanges({ settings }: { settings: CommissionSettings }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <History aria-hidden className="size-4" />
          Recent changes
        </CardTitle>
        <CardDescription>The latest changes of the rate, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.recentChanges.length === 0 ? (
          <p className="text-sm text-muted-foreground">No changes yet: every order so far has the rate shown above.</p>
        ) : (
          <ol className="grid gap-3">
            {settings.recentChanges.map((change) => (
              <li key={change.id} className="grid gap-0.5 border-b pb-3 text-sm last:border-0 last:pb-0">
                <span className="font-medium tabular-nums">
                  {formatPercent(change.oldPercent)} → {formatPercent(change.newPercent)}
                </span>
                <span className="text-muted-foreground">
                  {change.changedBy ? change.changedBy.fullName : 'A deleted account'},{' '}
                  <time dateTime={change.changedAt}>{formatDateTime(change.changedAt)}</time>
                </span>
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /admin/settings: the commission rate new orders get (decision 002), who changed it when, the
 * delivery fees (decision 022), how many orders a rider may carry at once (decision 032), and
 * whether new restaurants wait for approval.
 */
export default function SettingsPage() {
  const queryClient = useQueryClient();
  const settings = useQuery(commissionQuery());
  useFailureToast(settings.error, COMMISSION_MESSAGES.loadFailed);

  return (
    <div className="grid max-w-3xl gap-6">
      <PageTitle>Settings</PageTitle>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Commission Rate Settings</CardTitle>
          <CardDescription>The platform&apos;s share of each order&apos;s food subtotal.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          {settings.isError && (
            <InlineLoadFailed
              message={COMMISSION_MESSAGES.loadFailed}
              retrying={settings.isFetching}
              onRetry={() => void settings.refetch()}
            />
          )}
          <CommissionForm
            settings={settings.data}
            onSaved={(next) => queryClient.setQueryData(commissionQuery().queryKey, next)}
          />
          <div className="grid gap-2">
            <h3 className="font-semibold">How it works</h3>
            <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
              {HOW_IT_WORKS.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        </CardContent>
      </Card>
      {settings.data && <RecentChanges settings={settings.data} />}
      <DeliveryFeesCard />
      <BatchingCard />
      <ApprovalCard />
    </div>
  );
}
