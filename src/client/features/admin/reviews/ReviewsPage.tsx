import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, MessageSquareText } from 'lucide-react';
import { RATING_MESSAGES, type AdminReview } from '@shared/ratings/schemas.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { Stars } from '@/components/ratings/Stars.js';
import { Badge } from '@/components/ui/badge.js';
import { Button } from '@/components/ui/button.js';
import { PagedList } from '@/components/ui/paged-list.js';
import { errorMessage } from '@/lib/apiError.js';
import { formatDate } from '@/lib/format.js';
import { notifyError, notifySuccess } from '@/lib/toast.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { adminReviewsKey, adminReviewsQuery, setReviewHidden } from './reviewsApi.js';

/** One review with its restaurant, and Hide or Show. */
function AdminReviewCard({ review }: { review: AdminReview }) {
  const queryClient = useQueryClient();
  const moderate = useMutation({
    mutationFn: () => setReviewHidden(review.orderId, !review.hidden),
    onSuccess: (changed) => notifySuccess(changed.hidden ? RATING_MESSAGES.hid : RATING_MESSAGES.showed),
    onError: (error) => notifyError(errorMessage(error, RATING_MESSAGES.moderateFailed)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminReviewsKey }),
  });
  return (
    <article
      aria-label={`${review.restaurantName}, ${review.customerFirstName}`}
      className="grid gap-2 rounded-xl border bg-card p-4 shadow-xs"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <span className="min-w-0 font-semibold break-words">{review.restaurantName}</span>
        <time dateTime={review.createdAt} className="text-sm text-muted-foreground">
          {formatDate(review.createdAt)}
        </time>
      </header>
      <p className="flex flex-wrap items-center gap-2">
        <Stars stars={review.foodStars} />
        <span>{review.customerFirstName}</span>
        {review.hidden && <Badge variant="secondary">Hidden</Badge>}
      </p>
      {review.comment && <p className="break-words">{review.comment}</p>}
      {review.reply && <p className="border-l-2 pl-3 text-sm break-words text-muted-foreground">Reply: {review.reply}</p>}
      <Button
        variant="outline"
        size="sm"
        className="min-h-11 justify-self-end"
        busy={moderate.isPending}
        onClick={() => moderate.mutate()}
        aria-label={`${review.hidden ? 'Show' : 'Hide'} the review of ${review.restaurantName} by ${review.customerFirstName}`}
      >
        {review.hidden ? <Eye aria-hidden /> : <EyeOff aria-hidden />}
        {review.hidden ? 'Show' : 'Hide'}
      </Button>
    </article>
  );
}

/** /admin/reviews: the latest reviews across restaurants, newest first; an abusive one is hidden from its restaurant's average. */
export default function ReviewsPage() {
  const reviews = useInfiniteQuery(adminReviewsQuery());
  useFailureToast(reviews.error, RATING_MESSAGES.loadFailed);
  return (
    <div className="mx-auto grid max-w-3xl gap-5">
      <PageTitle>Reviews</PageTitle>
      <PagedList
        query={reviews}
        itemKey={(review) => review.orderId}
        renderItem={(review) => <AdminReviewCard review={review} />}
        loadingLabel="Loading the reviews"
        failedTitle={RATING_MESSAGES.loadFailed}
        emptyIcon={MessageSquareText}
        emptyTitle={RATING_MESSAGES.empty}
      />
    </div>
  );
}
