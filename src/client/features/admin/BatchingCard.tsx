import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import {
  BATCHING_MESSAGES,
  batchingSettingsSchema,
  CARRIED_ORDERS_LIMITS,
  DEFAULT_MAX_CARRIED_ORDERS,
  type BatchingSettings,
} from '@shared/drivers/batching.js';
import { COMMISSION_MESSAGES } from '@shared/admin/commission.js';
import { Button } from '@/components/ui/button.js';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card.js';
import { FormField } from '@/components/ui/form-field.js';
import { InlineLoadFailed } from '@/components/ui/inline-load-failed.js';
import { Input } from '@/components/ui/input.js';
import { reportSubmitFailure } from '@/lib/formErrors.js';
import { notifySuccess } from '@/lib/toast.js';
import { batchingQuery, updateBatching } from './batchingApi.js';

/** Settings' 'Orders a rider may carry at once' (batching, decision 032). */
export function BatchingCard() {
  const queryClient = useQueryClient();
  const setting = useQuery(batchingQuery());
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BatchingSettings>({
    resolver: zodResolver(batchingSettingsSchema),
    defaultValues: { maxCarriedOrders: DEFAULT_MAX_CARRIED_ORDERS },
    // The stored number replaces the default once it arrives, without undoing what the admin is typing.
    values: setting.data,
    resetOptions: { keepDirtyValues: true },
  });
  const loaded = setting.data !== undefined;

  async function save(body: BatchingSettings) {
    try {
      queryClient.setQueryData(batchingQuery().queryKey, await updateBatching(body));
      notifySuccess(COMMISSION_MESSAGES.updatedTitle, BATCHING_MESSAGES.updated);
    } catch (error) {
      reportSubmitFailure(error, setError, ['maxCarriedOrders'], BATCHING_MESSAGES.updateFailed);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{BATCHING_MESSAGES.title}</CardTitle>
        <CardDescription>{BATCHING_MESSAGES.explanation}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {setting.isError && (
          <InlineLoadFailed
            message={BATCHING_MESSAGES.loadFailed}
            retrying={setting.isFetching}
            onRetry={() => void setting.refetch()}
          />
        )}
        <form noValidate onSubmit={handleSubmit(save)} className="grid gap-3 sm:flex sm:items-start">
          <FormField
            id="max-carried-orders"
            label={BATCHING_MESSAGES.label}
            error={errors.maxCarriedOrders?.message}
            className="sm:w-64"
          >
            <Input
              type="number"
              inputMode="numeric"
              min={CARRIED_ORDERS_LIMITS.min}
              max={CARRIED_ORDERS_LIMITS.max}
              step={1}
              className="h-11"
              disabled={!loaded}
              {...register('maxCarriedOrders', { valueAsNumber: true })}
            />
          </FormField>
          <Button type="submit" size="lg" busy={isSubmitting} disabled={!loaded} className="w-full sm:mt-[1.375rem] sm:w-fit">
            {isSubmitting ? 'Saving...' : 'Save limit'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
