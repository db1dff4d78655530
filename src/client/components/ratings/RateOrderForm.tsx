import { zodResolver } from '@hookform/resolvers/zod';
import { ThumbsDown, ThumbsUp } from 'lucide-react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { OrderView } from '@shared/orders/schemas.js';
import {
  RATING_MESSAGES,
  rateOrderSchema,
  type GivenRating,
  type RateOrder,
  type RateOrderInput,
} from '@shared/ratings/schemas.js';
import { FormDialogFooter } from '@/components/ui/form-dialog.js';
import { FieldError, FormField } from '@/components/ui/form-field.js';
import { Textarea } from '@/components/ui/textarea.js';
import { errorMessage } from '@/lib/apiError.js';
import { reportSubmitFailure } from '@/lib/formErrors.js';
import { cn } from '@/lib/cn.js';
import { notifySuccess } from '@/lib/toast.js';
import { rateOrder } from './ratingsApi.js';
import { StarsField } from './StarsField.js';

const FIELDS = ['foodStars', 'comment', 'riderThumbsUp'] as const;
const THUMBS = [
  { value: 'up', label: 'Thumbs up', icon: ThumbsUp },
  { value: 'down', label: 'Thumbs down', icon: ThumbsDown },
] as const;

/** Thumbs up or down for the rider, or neither: a radio group of two that starts with none chosen. */
function RiderThumbs({ value, onChange }: { value: boolean | null | undefined; onChange: (up: boolean) => void }) {
  const chosen = value === true ? 'up' : value === false ? 'down' : '';
  return (
    <RadioGroupPrimitive.Root
      aria-label="The rider"
      value={chosen}
      onValueChange={(next) => onChange(next === 'up')}
      orientation="horizontal"
      className="flex gap-2"
    >
      {THUMBS.map(({ value: thumb, label, icon: Icon }) => (
        <RadioGroupPrimitive.Item
          key={thumb}
          value={thumb}
          className={cn(
            'flex h-11 items-center gap-2 rounded-md border px-3 text-sm font-medium outline-none',
            'focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=checked]:border-primary data-[state=checked]:bg-accent',
          )}
        >
          <Icon aria-hidden className="size-5" />
          {label}
        </RadioGroupPrimitive.Item>
      ))}
    </RadioGroupPrimitive.Root>
  );
}

/** The form inside 'Rate your order': stars for the food, an optional comment, and a thumb for the rider when one brought it. */
export function RateOrderForm({
  order,
  withRider,
  onRated,
}: {
  order: Pick<OrderView, 'id'>;
  withRider: boolean;
  onRated: (rating: GivenRating) => void;
}) {
  const id = useId();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RateOrderInput, unknown, RateOrder>({
    resolver: zodResolver(rateOrderSchema),
    defaultValues: { comment: '', riderThumbsUp: null },
  });

  async function send(rating: RateOrder) {
    try {
      const given = await rateOrder(order.id, withRider ? rating : { ...rating, riderThumbsUp: null });
      notifySuccess(RATING_MESSAGES.rated);
      onRated(given);
    } catch (error) {
      reportSubmitFailure(error, setError, FIELDS, errorMessage(error, RATING_MESSAGES.rateFailed));
    }
  }

  const starsError = `${id}-stars-error`;
  return (
    <form noValidate onSubmit={handleSubmit(send)} className="grid gap-4" aria-label="Your rating">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">The food</legend>
        <Controller
          control={control}
          name="foodStars"
          render={({ field }) => (
            <StarsField
              ref={field.ref}
              label="The food"
              value={field.value}
              onChange={field.onChange}
              errorId={starsError}
              invalid={Boolean(errors.foodStars)}
            />
          )}
        />
        <FieldError id={starsError} message={errors.foodStars?.message} />
      </fieldset>
      <FormField id={`${id}-comment`} label="Comment (optional)" error={errors.comment?.message}>
        <Textarea maxLength={500} rows={3} {...register('comment')} />
      </FormField>
      {withRider && (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">The rider (optional)</legend>
          <Controller
            control={control}
            name="riderThumbsUp"
            render={({ field }) => <RiderThumbs value={field.value} onChange={field.onChange} />}
          />
        </fieldset>
      )}
      <FormDialogFooter busy={isSubmitting}>{isSubmitting ? 'Sending...' : 'Send rating'}</FormDialogFooter>
    </form>
  );
}
