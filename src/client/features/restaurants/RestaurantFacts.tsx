import { Clock, Star } from 'lucide-react';
import { ratingLabel } from '@shared/ratings/summary.js';
import { UNKNOWN_DELIVERY_TIME, type PublicRestaurant } from '@shared/restaurants/schemas.js';
import { cn } from '@/lib/cn.js';

/** Delivery time and the restaurant's rating ('New' until enough customers rated it). */
export function RestaurantFacts({ restaurant, className }: { restaurant: PublicRestaurant; className?: string }) {
  const rating = ratingLabel(restaurant.rating);
  return (
    <p className={cn('flex items-center gap-4 text-sm text-muted-foreground', className)}>
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden className="size-4" />
        <span className="sr-only">Delivery time </span>
        {UNKNOWN_DELIVERY_TIME}
      </span>
      <span className="inline-flex items-center gap-1" title={rating.long}>
        <Star aria-hidden className="size-4 fill-saffron text-saffron" />
        <span className="sr-only">Rating </span>
        <span aria-hidden>{rating.short}</span>
        <span className="sr-only">{rating.long}</span>
      </span>
    </p>
  );
}
