import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Landmark, Store } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { RESTAURANT_FORM_MESSAGES, type RestaurantBody } from '@shared/restaurants/form.js';
import { RESTAURANT_MESSAGES, type OwnRestaurant } from '@shared/restaurants/schemas.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { SignedInLayout } from '@/components/layouts/SignedInLayout.js';
import { InactiveNotice } from '@/components/restaurants/InactiveNotice.js';
import { Button } from '@/components/ui/button.js';
import { EmptyState, LoadFailed } from '@/components/ui/empty-state.js';
import { PageSpinner } from '@/components/ui/spinner.js';
import { OWN_RESTAURANT_KEY, ownRestaurantQuery } from '@/lib/restaurantsApi.js';
import { notifySuccess } from '@/lib/toast.js';
import { ManagersCard } from './ManagersCard.js';
import { RestaurantForm } from './RestaurantForm.js';
import { saveRestaurant } from './restaurantSettingsApi.js';

function Settings({ restaurant }: { restaurant: OwnRestaurant }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  async function save(body: RestaurantBody) {
    const saved = await saveRestaurant(restaurant.id, body);
    queryClient.setQueryData(OWN_RESTAURANT_KEY, saved);
    await queryClient.invalidateQueries({ queryKey: ['restaurants'], refetchType: 'none' });
    notifySuccess(RESTAURANT_FORM_MESSAGES.saveSuccess, saved.name);
    void navigate('/restaurant');
  }

  return (
    <>
      <InactiveNotice restaurant={restaurant} />
      <RestaurantForm restaurant={restaurant} submitLabel="Save Changes" busyLabel="Saving..." onSave={save} />
      <ManagersCard restaurantId={restaurant.id} />
      <section aria-labelledby="payouts-heading" className="grid gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
        <div className="grid gap-1">
          <h2 id="payouts-heading" className="text-lg font-semibold">
            Payouts
          </h2>
          <p className="text-sm text-muted-foreground">
            The bank account or mobile money wallet the platform pays your restaurant&apos;s earnings to.
          </p>
        </div>
        <Button asChild variant="outline" className="w-full sm:w-fit">
          <Link to="/restaurant/manager/payout-account">
            <Landmark aria-hidden />
            Payout account
          </Link>
        </Button>
      </section>
    </>
  );
}

/** /restaurant/edit, 'Restaurant Settings': the set-up form filled in, the restaurant's managers, and a way to its payout account. */
export default function EditPage() {
  const mine = useQuery(ownRestaurantQuery());

  let content;
  if (mine.isPending) content = <PageSpinner label="Loading restaurant" />;
  else if (mine.isError)
    content = (
      <LoadFailed title={RESTAURANT_MESSAGES.loadFailed} retrying={mine.isFetching} onRetry={() => void mine.refetch()} />
    );
  else if (!mine.data)
    content = (
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
  else content = <Settings restaurant={mine.data} />;

  return (
    <SignedInLayout
      title="Restaurant"
      actions={
        <Button asChild variant="ghost" size="sm">
          <Link to="/restaurant/dashboard">
            <ArrowLeft aria-hidden />
            <span className="max-sm:sr-only">Back to Dashboard</span>
          </Link>
        </Button>
      }
    >
      <div className="mx-auto grid max-w-3xl gap-6">
        <PageTitle>Restaurant Settings</PageTitle>
        {content}
      </div>
    </SignedInLayout>
  );
}
