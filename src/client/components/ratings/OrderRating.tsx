import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { Star, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useState } from 'react';
import type { OrderView } from '@shared/orders/schemas.js';
import type { GivenRating } from '@shared/ratings/schemas.js';
import { Button } from '@/components/ui/button.js';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog.js';
import { formatDate } from '@/lib/format.js';
import { useMinuteClock } from '@/lib/useMinuteClock.js';
import { RateOrderForm } from './RateOrderForm.js';
import { Stars } from './Stars.js';

/** The rating the customer gave, and the restaurant's reply to it. */
function GivenRatingView({ rating }: { rating: GivenRating }) {
  return (
    <section aria-label="Your rating" className="grid gap-1.5 rounded-lg bg-muted/50 p-3 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-medium">You rated the food</span>
        <Stars stars={rating.foodStars} />
        {rating.riderThumbsUp !== null && (
          <span className="inline-flex items-center gap-1 text-muted-foreground">
            {rating.riderThumbsUp ? <ThumbsUp aria-hidden className="size-4" /> : <ThumbsDown aria-hidden className="size-4" />}
            {rating.riderThumbsUp ? 'Thumbs up for the rider' : 'Thumbs down for the rider'}
          </span>
        )}
      </p>
      {rating.comment && <p className="break-words">“{rating.comment}”</p>}
      {rating.reply && (
        <p className="border-l-2 pl-3 break-words text-muted-foreground">
          <span className="font-medium text-foreground">The restaurant replied: </span>
          {rating.reply}
        </p>
      )}
    </section>
  );
}

/**
 * A delivered order's rating on My Orders: the one given, or 'Rate your order' while the window
 * is open (a dialog with the stars, a comment and the rider's thumb). Nothing otherwise. Once
 * rated, the lists under `listKey` are read again.
 */
export function OrderRating({
  order,
  listKey,
}: {
  order: Pick<OrderView, 'id' | 'restaurantName' | 'rating'>;
  listKey: QueryKey;
}) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [given, setGiven] = useState<GivenRating | null>(null);
  const now = useMinuteClock();
  const rating = order.rating;
  const shown = given ?? rating?.given;
  if (shown) return <GivenRatingView rating={shown} />;
  if (!rating?.openUntil || !now || Date.parse(rating.openUntil) <= now.getTime()) return null;

  function rated(next: GivenRating) {
    setGiven(next);
    setOpen(false);
    void queryClient.invalidateQueries({ queryKey: listKey });
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="min-h-11" aria-label={`Rate your order from ${order.restaurantName}`}>
          <Star aria-hidden />
          Rate your order
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Rate your order</DialogTitle>
          <DialogDescription>
            How was your food from {order.restaurantName}? You can rate it until {formatDate(rating.openUntil)}.
          </DialogDescription>
        </DialogHeader>
        {open && <RateOrderForm order={order} withRider={rating.withRider} onRated={rated} />}
      </DialogContent>
    </Dialog>
  );
}
