import { MapPin, Phone } from 'lucide-react';
import type { PublicRestaurant } from '@shared/restaurants/schemas.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { PhoneLink } from '@/components/ui/phone-link.js';
import { FoodImage } from '@/components/restaurants/FoodImage.js';
import { RestaurantFacts } from './RestaurantFacts.js';

/** The top of a restaurant's menu page: picture, name, description and how to reach it. */
export function RestaurantHeader({ restaurant }: { restaurant: PublicRestaurant }) {
  return (
    <header className="overflow-hidden rounded-xl border bg-card shadow-sm sm:flex">
      <FoodImage
        src={restaurant.imageUrl}
        alt=""
        sizes="(min-width: 640px) 288px, 100vw"
        eager
        className="aspect-[16/9] w-full sm:aspect-auto sm:w-72 sm:shrink-0"
      />
      <div className="grid content-start gap-2 p-4 sm:p-6">
        <PageTitle>{restaurant.name}</PageTitle>
        {restaurant.description && <p className="text-muted-foreground">{restaurant.description}</p>}
        <RestaurantFacts restaurant={restaurant} />
        <address className="grid gap-1 text-sm not-italic">
          <span className="flex items-start gap-1.5">
            <MapPin aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
            <span className="sr-only">Address: </span>
            {restaurant.address}
          </span>
          <PhoneLink phone={restaurant.phone}>
            <Phone aria-hidden className="size-4 shrink-0 text-primary" />
            <span className="sr-only">Phone: </span>
            {restaurant.phone}
          </PhoneLink>
        </address>
      </div>
    </header>
  );
}
