import { useQuery } from '@tanstack/react-query';
import { SearchX, Store } from 'lucide-react';
import { useState } from 'react';
import { openingState, type OpeningState } from '@shared/restaurants/hours.js';
import { DISCOVERY_SEARCH_LIMIT, RESTAURANT_MESSAGES, type RestaurantListItem } from '@shared/restaurants/schemas.js';
import { countOf } from '@shared/plural.js';
import { CustomerLayout } from '@/components/layouts/CustomerLayout.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { Button } from '@/components/ui/button.js';
import { EmptyState, LoadFailed } from '@/components/ui/empty-state.js';
import { SearchBox } from '@/components/ui/search-box.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { cn } from '@/lib/cn.js';
import { restaurantsQuery } from '@/lib/restaurantsApi.js';
import { useDebouncedValue } from '@/lib/useDebouncedValue.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { useMinuteClock } from '@/lib/useMinuteClock.js';
import { useDeliveryLocation } from '@/components/maps/deliveryLocation.js';
import { deliveryPricingQuery } from '@/lib/deliveryPricingApi.js';
import { cardDelivery } from './deliveryPricing.js';
import { DeliveryPlaceBar } from './DeliveryPlaceBar.js';
import { RestaurantCard } from './RestaurantCard.js';
import { FoodCarousel } from './FoodCarousel.js';

const GRID = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

function RestaurantSkeletons() {
  return (
    <ul aria-label="Loading restaurants" className={GRID}>
      {Array.from({ length: 6 }, (_, index) => (
        <li key={index} className="overflow-hidden rounded-xl border bg-card">
          <Skeleton className="aspect-[16/9] rounded-none" />
          <div className="grid gap-2 p-4">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        </li>
      ))}
    </ul>
  );
}

interface Listed {
  restaurant: RestaurantListItem;
  opening: OpeningState | null;
}

/**
 * The restaurants taking orders at `now` first, each group in the list's own order (newest, or
 * best match first); in that order and without opening states while the time is not known.
 */
function openFirst(restaurants: RestaurantListItem[], now: Date | null): Listed[] {
  const listed = restaurants.map((restaurant) => ({ restaurant, opening: now && openingState(restaurant, now) }));
  const taking = ({ opening }: Listed) => opening?.taking !== false;
  return [...listed.filter(taking), ...listed.filter((entry) => !taking(entry))];
}

/**
 * /customer: the food carousel and every active restaurant, searched by the server for a dish, a
 * name or an address; those taking orders now come first, and the list is sorted again each minute.
 */
export default function DiscoveryPage() {
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const restaurants = useQuery(restaurantsQuery(settled));
  useFailureToast(restaurants.error, RESTAURANT_MESSAGES.loadFailed);
  const shown = restaurants.data ?? [];
  const now = useMinuteClock();
  const listed = openFirst(shown, now);
  const searching = restaurants.isPlaceholderData || settled !== search.trim();
  const place = useDeliveryLocation();
  const pricing = useQuery({ ...deliveryPricingQuery(), enabled: place !== null });

  return (
    <CustomerLayout>
      <div className="grid gap-8">
        <div className="grid items-center gap-4 lg:grid-cols-[2fr_3fr] lg:gap-10">
          <div className="grid gap-3">
            <PageTitle className="lg:text-4xl">What are you craving today?</PageTitle>
            <p className="text-muted-foreground lg:text-lg">
              Pick a restaurant near you, fill your cart and follow your order live until it reaches your door.
            </p>
          </div>
          <FoodCarousel />
        </div>

        <section aria-labelledby="restaurants-heading" className="grid gap-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <h2 id="restaurants-heading" className="text-xl font-bold tracking-tight sm:text-2xl">
              Restaurants
            </h2>
            <SearchBox
              className="sm:w-80"
              label="Search restaurants"
              placeholder="Dish, restaurant or address"
              value={search}
              onChange={setSearch}
            />
          </div>

          <DeliveryPlaceBar
            location={place}
            pricing={{
              isPending: pricing.isPending,
              isError: pricing.isError,
              isFetching: pricing.isFetching,
              retry: () => void pricing.refetch(),
            }}
          />

          {restaurants.isPending || (searching && shown.length === 0) ? (
            <RestaurantSkeletons />
          ) : restaurants.isError ? (
            <LoadFailed
              title={RESTAURANT_MESSAGES.loadFailed}
              retrying={restaurants.isFetching}
              onRetry={() => void restaurants.refetch()}
            />
          ) : shown.length === 0 && !settled ? (
            <EmptyState icon={Store} title="No restaurants are open yet">
              Restaurants appear here as soon as they start taking orders. Please check back soon.
            </EmptyState>
          ) : shown.length === 0 ? (
            <EmptyState
              icon={SearchX}
              title={`No restaurants match “${settled}”`}
              action={
                <Button variant="outline" onClick={() => setSearch('')}>
                  Clear search
                </Button>
              }
            >
              Try another dish, a restaurant&apos;s name or part of an address.
            </EmptyState>
          ) : (
            <>
              <p className="sr-only" aria-live="polite">
                {countOf(shown.length, 'restaurant')}
              </p>
              <ul aria-busy={searching} className={cn(GRID, searching && 'opacity-60 transition-opacity')}>
                {listed.map(({ restaurant, opening }, index) => (
                  <li key={restaurant.id}>
                    <RestaurantCard
                      restaurant={restaurant}
                      eager={index < 3}
                      delivery={cardDelivery(pricing.data, restaurant, place)}
                      opening={opening}
                    />
                  </li>
                ))}
              </ul>
              {settled && shown.length === DISCOVERY_SEARCH_LIMIT && (
                <p className="text-center text-sm text-muted-foreground">
                  These are the {DISCOVERY_SEARCH_LIMIT} best matches. Add a word to narrow the search.
                </p>
              )}
            </>
          )}
        </section>
      </div>
    </CustomerLayout>
  );
}
