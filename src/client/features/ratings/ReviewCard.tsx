import { EyeOff } from 'lucide-react';
import type { Review } from '@shared/ratings/schemas.js';
import { Stars } from '@/components/ratings/Stars.js';
import { Badge } from '@/components/ui/badge.js';
import { formatDate } from '@/lib/format.js';
import { ReplyForm } from './ReplyForm.js';

/** One review: stars, the customer's first name, the date, the comment, and the reply or (for the owner) the form to give it. */
export function ReviewCard({ review, restaurantId, mayReply }: { review: Review; restaurantId: string; mayReply: boolean }) {
  return (
    <article
      aria-label={`${review.customerFirstName}, ${review.foodStars} out of 5`}
      className="grid gap-2 rounded-xl border bg-card p-4 shadow-xs"
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex items-center gap-2">
          <Stars stars={review.foodStars} />
          <span className="font-medium">{review.customerFirstName}</span>
        </span>
        <time dateTime={review.createdAt} className="text-sm text-muted-foreground">
          {formatDate(review.createdAt)}
        </time>
      </header>
      {review.hidden && (
        <Badge variant="secondary" className="w-fit">
          <EyeOff aria-hidden />
          Hidden by ChopChop: not counted in your average
        </Badge>
      )}
      {review.comment ? (
        <p className="break-words">{review.comment}</p>
      ) : (
        <p className="text-sm text-muted-foreground">No comment</p>
      )}
      {review.reply ? (
        <p className="border-l-2 pl-3 text-sm break-words">
          <span className="font-medium">Your reply: </span>
          {review.reply}
        </p>
      ) : (
        mayReply && <ReplyForm restaurantId={restaurantId} review={review} />
      )}
    </article>
  );
}
