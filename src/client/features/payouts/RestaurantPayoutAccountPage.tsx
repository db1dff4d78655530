import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Globe, Store, UserRoundCog } from 'lucide-react';
import { Link } from 'react-router';
import { recipientTypesIn } from '@shared/payouts/countries.js';
import { RESTAURANT_MESSAGES } from '@shared/restaurants/schemas.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { SignedInLayout } from '@/components/layouts/SignedInLayout.js';
import { Button } from '@/components/ui/button.js';
import { EmptyState, LoadFailed } from '@/components/ui/empty-state.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { useAuth } from '@/lib/authContext.js';
import { ownRestaurantQuery } from '@/lib/restaurantsApi.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { PayoutAccountCard } from './PayoutAccountCard.js';
import { PAYOUT_ACCOUNT_TEXTS as T } from './payoutTexts.js';
import { restaurantPayoutAccountPath } from './payoutsApi.js';

/** The owner's restaurant and its payout account, in the restaurant's country. */
function OwnerPayoutAccount() {
  const mine = useQuery(ownRestaurantQuery());
  useFailureToast(mine.error, RESTAURANT_MESSAGES.loadFailed);

  if (mine.isPending) {
    return (
      <div role="status" aria-label="Loading your restaurant" className="grid gap-3">
        <Skeleton className="h-7 w-48" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    );
  }
  if (mine.isError) {
    return <LoadFailed title={RESTAURANT_MESSAGES.loadFailed} retrying={mine.isFetching} onRetry={() => void mine.refetch()} />;
  }
  const restaurant = mine.data;
  if (!restaurant) {
    return (
      <EmptyState
        icon={Store}
        title={RESTAURANT_MESSAGES.noneYet}
        action={
          <Button asChild>
            <Link to="/restaurant/setup">Set Up Restaurant</Link>
          </Button>
        }
      />
    );
  }
  const supported = recipientTypesIn(restaurant.country).length > 0;
  return (
    <>
      <p className="text-lg font-medium">{restaurant.name}</p>
      {supported ? (
        <PayoutAccountCard
          path={restaurantPayoutAccountPath(restaurant.id)}
          countries={[restaurant.country]}
          defaultCountry={restaurant.country}
          payee="your restaurant"
        />
      ) : (
        <EmptyState icon={Globe} title={`Payouts are not available in ${restaurant.country} yet`}>
          {T.unsupported}
        </EmptyState>
      )}
    </>
  );
}

/**
 * /restaurant/manager/payout-account: where the platform pays the restaurant. Its owner sets it;
 * a manager, who sees the restaurant's sales and statement, is told so.
 */
export default function RestaurantPayoutAccountPage() {
  const { userRole } = useAuth();
  const owner = userRole === 'restaurant';
  return (
    <SignedInLayout title="Payout account">
      <div className="mx-auto grid max-w-3xl gap-5">
        <div className="grid gap-2">
          <Button asChild variant="ghost" className="h-11 w-fit px-2">
            <Link to={owner ? '/restaurant/edit' : '/restaurant/manager'}>
              <ArrowLeft aria-hidden />
              {owner ? 'Back to Settings' : 'Back to Sales'}
            </Link>
          </Button>
          <PageTitle>Payout account</PageTitle>
        </div>
        {owner ? <OwnerPayoutAccount /> : <EmptyState icon={UserRoundCog} title={T.ownerOnly} />}
      </div>
    </SignedInLayout>
  );
}
