import { Bike, Clock, MapPin, UtensilsCrossed } from 'lucide-react';
import { Link } from 'react-router';
import { openingLabel, type OpeningState } from '@shared/restaurants/hours.js';
import type { RestaurantListItem } from '@shared/restaurants/schemas.js';
import { FoodImage } from '@/components/restaurants/FoodImage.js';
import { Badge } from '@/components/ui/badge.js';
import { cn } from '@/lib/cn.js';
import type { CardDelivery } from './deliveryPricing.js';
import { RestaurantFacts } from './RestaurantFacts.js';

/** A card of the discovery grid: the phone's width, half the page from 640 px, a third of it (at most 360 px) from 1024 px. */
const CARD_SIZES = '(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw';

interface RestaurantCardProps {
  restaurant: RestaurantListItem;
  eager?: boolean;
  /** What delivery to the customer's place costs, once both places are known. */
  delivery?: CardDelivery | null;
  /** Whether it takes orders now; null while the time is not known. */
  opening: OpeningState | null;
}

/**
 * A restaurant in the discovery list; the whole card opens its menu, the name being the link's
 * text. A search that found it by a dish names that dish under the name; a known delivery place
 * adds what delivery costs ('Delivery GH₵8.00', 'Free delivery', 'Too far to deliver'). One not
 * taking orders is dimmed, with why under its name ('Closed · opens 10:00'); its menu still opens.
 */
export function RestaurantCard({ restaurant, eager, delivery, opening }: RestaurantCardProps) {
  const notTaking = opening ? openingLabel(opening) : null;
  return (
    <article
      className={cn(
        'group relative flex h-full flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition-shadow focus-within:ring-[3px] focus-within:ring-ring/50 hover:shadow-md',
        notTaking && 'bg-muted/60',
      )}
    >
      <FoodImage
        src={restaurant.imageUrl}
        alt=""
        sizes={CARD_SIZES}
        eager={eager}
        className={cn('aspect-[16/9] w-full', notTaking && 'opacity-60 grayscale')}
      />
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="text-lg leading-tight font-semibold">
          <Link
            to={`/customer/restaurant/${restaurant.id}`}
            className="outline-none after:absolute after:inset-0 group-hover:text-primary"
          >
            {restaurant.name}
          </Link>
        </h3>
        {notTaking && (
          <Badge variant="outline" className="bg-background text-sm whitespace-normal">
            <Clock aria-hidden />
            {notTaking}
          </Badge>
        )}
        {restaurant.matchedDish && (
          <p className="flex items-center gap-1.5 text-sm font-medium">
            <UtensilsCrossed aria-hidden className="size-4 shrink-0 text-primary" />
            <span className="sr-only">Serves </span>
            {restaurant.matchedDish}
          </p>
        )}
        {restaurant.description && <p className="line-clamp-2 text-sm text-muted-foreground">{restaurant.description}</p>}
        <p className="mt-auto flex items-start gap-1.5 text-sm">
          <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          <span className="sr-only">Address: </span>
          {restaurant.address}
        </p>
        {delivery && (
          <p
            className={cn(
              'flex items-center gap-1.5 text-sm font-medium',
              delivery.deliverable ? 'text-foreground' : 'text-destructive',
            )}
          >
            <Bike aria-hidden className="size-4 shrink-0 text-primary" />
            {delivery.label}
          </p>
        )}
        <RestaurantFacts restaurant={restaurant} />
      </div>
    </article>
  );
}
