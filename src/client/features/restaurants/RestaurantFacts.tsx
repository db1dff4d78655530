import { Clock, Star } from 'lucide-react';
import { ratingLabel } from '@shared/ratings/summary.js';
import type { PublicRestaurant } from '@shared/restaurants/schemas.js';
import { cn } from '@/lib/cn.js';
import { useDeliveryTime } from './deliveryTime.js';

/**
 * Delivery time (to the customer's place once known, decision 026) and the restaurant's rating
 * ('New' until enough customers rated it).
 */
export function RestaurantFacts({ restaurant, className }: { restaurant: PublicRestaurant; className?: string }) {
  const deliveryTime = useDeliveryTime(restaurant);
  const rating = ratingLabel(restaurant.rating);
  return (
    <p className={cn('flex items-center gap-4 text-sm text-muted-foreground', className)}>
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden className="size-4" />
        <span className="sr-only">Delivery time </span>
        {deliveryTime}
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
