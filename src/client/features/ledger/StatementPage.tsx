import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { STATEMENT_MESSAGES } from '@shared/ledger/statement.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { SignedInLayout } from '@/components/layouts/SignedInLayout.js';
import { StatementView } from '@/components/ledger/StatementView.js';
import { NoRestaurantState } from '@/components/restaurants/NoRestaurantState.js';
import { RestaurantPicker } from '@/components/restaurants/RestaurantPicker.js';
import { Button } from '@/components/ui/button.js';
import { LoadFailed } from '@/components/ui/empty-state.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { useAuth } from '@/lib/authContext.js';
import { managedRestaurantsQuery } from '@/lib/restaurantsApi.js';
import { useFailureToast } from '@/lib/useFailureToast.js';

/**
 * /restaurant/manager/statement: what the platform owes a restaurant, entry by entry, over a
 * period, for its owner and its managers (a manager of several picks one).
 */
export default function StatementPage() {
  const { userRole } = useAuth();
  const [params, setParams] = useSearchParams();
  const restaurants = useQuery(managedRestaurantsQuery());
  useFailureToast(restaurants.error, STATEMENT_MESSAGES.loadFailed);
  const list = restaurants.data ?? [];
  const restaurant = list.find((candidate) => candidate.id === params.get('restaurant')) ?? list[0];
  // Another restaurant's statement starts again from this month, in its own currency.
  const chooseRestaurant = (id: string) => setParams(new URLSearchParams({ restaurant: id }), { replace: true });

  let content;
  if (restaurants.isPending) {
    content = (
      <div role="status" aria-label="Loading your restaurants" className="grid gap-3">
        <Skeleton className="h-11 w-full sm:w-80" />
        <Skeleton className="h-40 w-full rounded-xl" />
      </div>
    );
  } else if (restaurants.isError) {
    content = (
      <LoadFailed
        title={STATEMENT_MESSAGES.loadFailed}
        retrying={restaurants.isFetching}
        onRetry={() => void restaurants.refetch()}
      />
    );
  } else if (!restaurant) {
    content = (
      <NoRestaurantState
        userRole={userRole}
        managerHint="You will see statements here once a restaurant owner adds you as a manager."
      />
    );
  } else {
    content = (
      <>
        <RestaurantPicker id="statement-restaurant" restaurants={list} value={restaurant.id} onChange={chooseRestaurant} />
        <StatementView
          key={restaurant.id}
          path={`/api/restaurants/${restaurant.id}/statement`}
          downloadName={restaurant.name}
          owedTo="the restaurant"
          emptyTitle={STATEMENT_MESSAGES.empty}
        />
      </>
    );
  }

  return (
    <SignedInLayout title="Statement">
      <div className="mx-auto grid max-w-5xl gap-5">
        <div className="grid gap-2">
          <Button asChild variant="ghost" className="h-11 w-fit px-2">
            <Link to="/restaurant/manager">
              <ArrowLeft aria-hidden />
              Back to Sales
            </Link>
          </Button>
          <PageTitle>Statement</PageTitle>
        </div>
        {content}
      </div>
    </SignedInLayout>
  );
}
