import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { RATING_MESSAGES, replySchema, type ReplyInput, type Review } from '@shared/ratings/schemas.js';
import { Button } from '@/components/ui/button.js';
import { FormField } from '@/components/ui/form-field.js';
import { Textarea } from '@/components/ui/textarea.js';
import { errorMessage } from '@/lib/apiError.js';
import { reportSubmitFailure } from '@/lib/formErrors.js';
import { notifySuccess } from '@/lib/toast.js';
import { replyToReview, reviewsKey } from './reviewsApi.js';

/** The owner's one reply to a review: once sent, the review shows it instead of this form. */
export function ReplyForm({ restaurantId, review }: { restaurantId: string; review: Review }) {
  const id = useId();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReplyInput>({ resolver: zodResolver(replySchema), defaultValues: { text: '' } });

  async function send(reply: ReplyInput) {
    try {
      await replyToReview(restaurantId, review.orderId, reply);
      notifySuccess(RATING_MESSAGES.replied);
    } catch (error) {
      reportSubmitFailure(error, setError, ['text'], errorMessage(error, RATING_MESSAGES.replyFailed));
    }
    await queryClient.invalidateQueries({ queryKey: reviewsKey(restaurantId) });
  }

  return (
    <form noValidate onSubmit={handleSubmit(send)} className="grid gap-2" aria-label={`Reply to ${review.customerFirstName}`}>
      <FormField id={`${id}-reply`} label="Your reply" hint="You can reply once." error={errors.text?.message}>
        <Textarea maxLength={500} rows={2} {...register('text')} />
      </FormField>
      <Button type="submit" size="sm" className="min-h-11 justify-self-end" busy={isSubmitting}>
        Post reply
      </Button>
    </form>
  );
}
