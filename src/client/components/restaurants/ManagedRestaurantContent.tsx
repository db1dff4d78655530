import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { ManagedRestaurant } from '@shared/orders/sales.js';
import { LoadFailed } from '@/components/ui/empty-state.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { useAuth } from '@/lib/authContext.js';
import { managedRestaurantsQuery } from '@/lib/restaurantsApi.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { NoRestaurantState } from './NoRestaurantState.js';

interface ManagedRestaurantContentProps {
  /** What a failed read of the restaurants says, in its toast and its retry card. */
  failedTitle: string;
  /** What a manager of no restaurant reads (NoRestaurantState). */
  managerHint: string;
  /** Shown while the restaurants load; a picker's and a card's outline by default. */
  loading?: ReactNode;
  /** The page for the restaurant chosen (`?restaurant=`, or the first), with all of them for its picker. */
  children: (restaurant: ManagedRestaurant, restaurants: ManagedRestaurant[]) => ReactNode;
}

/** The restaurants someone owns or manages, and the one a page shows: `?restaurant=`, or the first. */
export function useChosenRestaurant() {
  const [params] = useSearchParams();
  const restaurants = useQuery(managedRestaurantsQuery());
  const list = restaurants.data ?? [];
  return { restaurants, list, restaurant: list.find((candidate) => candidate.id === params.get('restaurant')) ?? list[0] };
}

/**
 * A page of one of the restaurants someone owns or manages (sales, statement, reviews): loading,
 * a failed read with a retry, none to show, or the page for the one chosen.
 */
export function ManagedRestaurantContent({ failedTitle, managerHint, loading, children }: ManagedRestaurantContentProps) {
  const { userRole } = useAuth();
  const { restaurants, list, restaurant } = useChosenRestaurant();
  useFailureToast(restaurants.error, failedTitle);

  if (restaurants.isPending) {
    return (
      loading ?? (
        <div role="status" aria-label="Loading your restaurants" className="grid gap-3">
          <Skeleton className="h-11 w-full sm:w-80" />
          <Skeleton className="h-32 w-full rounded-xl" />
        </div>
      )
    );
  }
  if (restaurants.isError) {
    return <LoadFailed title={failedTitle} retrying={restaurants.isFetching} onRetry={() => void restaurants.refetch()} />;
  }
  if (!restaurant) return <NoRestaurantState userRole={userRole} managerHint={managerHint} />;
  return children(restaurant, list);
}
