import { Clock, Star } from 'lucide-react';
import { RESTAURANT_CARD_PLACEHOLDERS } from '@shared/restaurants/schemas.js';
import { cn } from '@/lib/cn.js';

/** Delivery time and rating: fixed placeholders until real estimates and ratings exist. */
export function RestaurantFacts({ className }: { className?: string }) {
  return (
    <p className={cn('flex items-center gap-4 text-sm text-muted-foreground', className)}>
      <span className="inline-flex items-center gap-1">
        <Clock aria-hidden className="size-4" />
        <span className="sr-only">Delivery time </span>
        {RESTAURANT_CARD_PLACEHOLDERS.deliveryTime}
      </span>
      <span className="inline-flex items-center gap-1">
        <Star aria-hidden className="size-4 fill-saffron text-saffron" />
        <span className="sr-only">Rating </span>
        {RESTAURANT_CARD_PLACEHOLDERS.rating}
      </span>
    </p>
  );
}
