import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { DriverStatus, StoredPosition } from '@shared/drivers/schemas.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { SignedInLayout } from '@/components/layouts/SignedInLayout.js';
import { LoadFailed } from '@/components/ui/empty-state.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { useAlertSound } from '@/components/notifications/alertSound.js';
import { NotificationControl } from '@/components/notifications/NotificationControl.js';
import { SoundToggle } from '@/components/notifications/SoundToggle.js';
import { acceptBlocker, orderBlocker } from './acceptBlocker.js';
import { AvailabilityCard } from './AvailabilityCard.js';
import { availableOrdersKey, availableOrdersQuery, deliveriesQuery, driverStatusKey, driverStatusQuery } from './driverApi.js';
import { DELIVERIES_LOAD_FAILED } from './DeliveryList.js';
import { inRouteOrder } from './deliveryRoute.js';
import { DriverNav } from '@/components/layouts/DriverNav.js';
import { LocationCard } from './LocationCard.js';
import { isOffered } from './offeredOrder.js';
import { OfferCard } from './OfferCard.js';
import { OrderTabs } from './OrderTabs.js';
import { useDriverTab } from './useDriverTab.js';
import { useDriverRealtime } from './useDriverRealtime.js';
import { useLocationTracking } from './useLocationTracking.js';
import { VerificationNotice } from './VerificationNotice.js';

const LOAD_FAILED = 'Failed to load your driver account';

function DriverDashboard({ status }: { status: DriverStatus }) {
  const queryClient = useQueryClient();
  const sound = useAlertSound();
  const deliveries = useQuery(deliveriesQuery());
  const available = useQuery(availableOrdersQuery(status.isVerified));
  useFailureToast(deliveries.error, DELIVERIES_LOAD_FAILED);

  const tracking = useLocationTracking((stored: StoredPosition) => {
    queryClient.setQueryData<DriverStatus>(driverStatusKey, (current) => current && { ...current, ...stored });
    // Distances in Available Orders are measured from the position the server has.
    void queryClient.invalidateQueries({ queryKey: availableOrdersKey });
  });

  const deliveryItems = deliveries.data?.items;
  const carried = useMemo(() => inRouteOrder(deliveryItems ?? []), [deliveryItems]);
  const offered = available.data?.items.find(isOffered);
  const [tab, setTab] = useDriverTab(deliveryItems?.length);
  useDriverRealtime({ driverId: status.userId, verified: status.isVerified, sound });

  return (
    <>
      {!status.isVerified && <VerificationNotice />}
      {offered && (
        <OfferCard key={offered.id} order={offered} readAt={available.dataUpdatedAt} onAccepted={() => setTab('deliveries')} />
      )}
      <div className="grid items-start gap-4 md:grid-cols-2">
        <LocationCard status={status} tracking={tracking} deliveries={carried} />
        <div className="grid gap-4">
          <AvailabilityCard status={status} />
          <div className="flex flex-wrap items-start gap-2">
            <SoundToggle sound={sound} />
            <NotificationControl />
          </div>
        </div>
      </div>
      <OrderTabs
        verified={status.isVerified}
        availableCount={available.data?.items.length}
        deliveries={deliveries}
        blocker={acceptBlocker(status, carried, tracking.tracking)}
        orderBlocker={(order) => orderBlocker(carried, status.maxCarriedOrders, order)}
        tab={tab}
        onTabChange={setTab}
      />
    </>
  );
}

/** /driver: going online with live location, taking ready orders and delivering them against the customer's code. */
export default function DriverDashboardPage() {
  const status = useQuery(driverStatusQuery());
  useFailureToast(status.error, LOAD_FAILED);

  let content;
  if (status.isPending) {
    content = (
      <div role="status" aria-label="Loading your dashboard" className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-64 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  } else if (status.isError) {
    content = <LoadFailed title={LOAD_FAILED} retrying={status.isFetching} onRetry={() => void status.refetch()} />;
  } else {
    content = <DriverDashboard status={status.data} />;
  }

  return (
    <SignedInLayout title="Driver Dashboard">
      <div className="grid gap-6">
        <PageTitle>Driver Dashboard</PageTitle>
        <DriverNav />
        {content}
      </div>
    </SignedInLayout>
  );
}
