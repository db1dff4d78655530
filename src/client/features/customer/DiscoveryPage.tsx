import { useQuery } from '@tanstack/react-query';
import { SearchX, Store, Search } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { RESTAURANT_MESSAGES } from '@shared/restaurants/schemas.js';
import { matchesSearch } from '@shared/search.js';
import { PageTitle } from '@/app/layouts/PageMain.js';
import { Button } from '@/components/ui/button.js';
import { EmptyState, LoadFailed } from '@/components/ui/empty-state.js';
import { Input } from '@/components/ui/input.js';
import { Label } from '@/components/ui/label.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { RestaurantCard } from '@/features/restaurants/RestaurantCard.js';
import { restaurantsQuery } from '@/features/restaurants/restaurantsApi.js';
import { CustomerLayout } from './CustomerLayout.js';
import { FoodCarousel } from './FoodCarousel.js';
import { useFailureToast } from './useFailureToast.js';

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

/** /customer: the food carousel and every active restaurant, searchable by name or address. */
export default function DiscoveryPage() {
  const restaurants = useQuery(restaurantsQuery());
  const [search, setSearch] = useState('');
  const query = useDeferredValue(search);
  const searchId = useId();
  useFailureToast(restaurants.error, RESTAURANT_MESSAGES.loadFailed);

  const shown = (restaurants.data ?? []).filter((restaurant) => matchesSearch(query, restaurant.name, restaurant.address));

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
            <div className="grid gap-2 sm:w-80">
              <Label htmlFor={searchId}>Search restaurants</Label>
              <div className="relative">
                <Search
                  aria-hidden
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
                />
                <Input
                  id={searchId}
                  type="search"
                  placeholder="Name or address"
                  value={search}
                  onChange={(event) => setSearch(event.target.value)}
                  className="pl-9"
                />
              </div>
            </div>
          </div>

          {restaurants.isPending ? (
            <RestaurantSkeletons />
          ) : restaurants.isError ? (
            <LoadFailed
              title={RESTAURANT_MESSAGES.loadFailed}
              retrying={restaurants.isFetching}
              onRetry={() => void restaurants.refetch()}
            />
          ) : restaurants.data.length === 0 ? (
            <EmptyState icon={Store} title="No restaurants are open yet">
              Restaurants appear here as soon as they start taking orders. Please check back soon.
            </EmptyState>
          ) : shown.length === 0 ? (
            <EmptyState
              icon={SearchX}
              title={`No restaurants match “${query.trim()}”`}
              action={
                <Button variant="outline" onClick={() => setSearch('')}>
                  Clear search
                </Button>
              }
            >
              Try another name or part of an address.
            </EmptyState>
          ) : (
            <>
              <p className="sr-only" aria-live="polite">
                {shown.length} {shown.length === 1 ? 'restaurant' : 'restaurants'}
              </p>
              <ul className={GRID}>
                {shown.map((restaurant, index) => (
                  <li key={restaurant.id}>
                    <RestaurantCard restaurant={restaurant} eager={index < 3} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      </div>
    </CustomerLayout>
  );
}
