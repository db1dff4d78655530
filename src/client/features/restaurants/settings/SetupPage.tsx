import { OWN_RESTAURANT_KEY, ownRestaurantQuery } from '@/lib/restaurantsApi.js';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router';
import { RESTAURANT_FORM_MESSAGES, type RestaurantBody } from '@shared/restaurants/form.js';
import { RESTAURANT_MESSAGES } from '@shared/restaurants/schemas.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { SignedInLayout } from '@/components/layouts/SignedInLayout.js';
import { LoadFailed } from '@/components/ui/empty-state.js';
import { PageSpinner } from '@/components/ui/spinner.js';
import { ApiError } from '@/lib/apiError.js';
import { notifyError, notifySuccess } from '@/lib/toast.js';
import { RestaurantForm } from './RestaurantForm.js';
import { setUpRestaurant } from './restaurantSettingsApi.js';

const DASHBOARD = '/restaurant/dashboard';

/** /restaurant/setup: an owner opens their one restaurant, then fills its menu. */
export default function SetupPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mine = useQuery(ownRestaurantQuery());

  async function save(body: RestaurantBody) {
    try {
      const restaurant = await setUpRestaurant(body);
      // Only marked stale: refetched here, the new restaurant would send this page to the dashboard instead.
      await queryClient.invalidateQueries({ queryKey: ['restaurants'], refetchType: 'none' });
      notifySuccess(RESTAURANT_FORM_MESSAGES.setupSuccess, restaurant.name);
      void navigate('/restaurant/menu');
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 409) throw error;
      notifyError(error.message);
      await queryClient.invalidateQueries({ queryKey: OWN_RESTAURANT_KEY });
      void navigate(DASHBOARD, { replace: true });
    }
  }

  let content;
  if (mine.isPending) content = <PageSpinner label="Loading restaurant" />;
  else if (mine.isError)
    content = (
      <LoadFailed title={RESTAURANT_MESSAGES.loadFailed} retrying={mine.isFetching} onRetry={() => void mine.refetch()} />
    );
  else if (mine.data) return <Navigate to={DASHBOARD} replace />;
  else content = <RestaurantForm restaurant={null} submitLabel="Create Restaurant" busyLabel="Creating..." onSave={save} />;

  return (
    <SignedInLayout title="Restaurant">
      <div className="mx-auto grid max-w-3xl gap-6">
        <div className="grid gap-1">
          <PageTitle>Set Up Restaurant</PageTitle>
          <p className="text-muted-foreground">Tell customers who you are and where to find you. Fields marked * are required.</p>
        </div>
        {content}
      </div>
    </SignedInLayout>
  );
}
