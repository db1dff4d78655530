import type { UseQueryResult } from '@tanstack/react-query';
import { Bike } from 'lucide-react';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import type { DeliveryView } from '@shared/orders/views.js';
import type { Page } from '@shared/paging.js';
import { EmptyState, LoadFailed } from '@/components/ui/empty-state.js';
import { CardSkeletons } from './CardSkeletons.js';
import { DeliveryCard } from './DeliveryCard.js';
import { inRouteOrder, routeStops } from './deliveryRoute.js';
import { RoutePlan } from './RoutePlan.js';

export const DELIVERIES_LOAD_FAILED = 'Failed to load your deliveries';

/**
 * 'My Deliveries': the orders this driver accepted or was given, until delivered, in the order of
 * their round (deliveryRoute.ts), with the round itself when they carry several (batching).
 */
export function DeliveryList({ deliveries }: { deliveries: UseQueryResult<Page<DeliveryView>> }) {
  if (deliveries.isPending) return <CardSkeletons label="Loading your deliveries" />;
  const shown = deliveries.data?.items ?? [];
  if (deliveries.isError && shown.length === 0) {
    return (
      <LoadFailed title={DELIVERIES_LOAD_FAILED} retrying={deliveries.isFetching} onRetry={() => void deliveries.refetch()} />
    );
  }
  if (shown.length === 0) {
    return (
      <EmptyState icon={Bike} title={DRIVER_MESSAGES.noDeliveries}>
        Orders you accept, or that are assigned to you, appear here.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-4">
      {shown.length > 1 && <RoutePlan stops={routeStops(shown)} />}
      <ul className="grid gap-4 md:grid-cols-2">
        {inRouteOrder(shown).map((delivery) => (
          <li key={delivery.id} className="grid">
            <DeliveryCard delivery={delivery} />
          </li>
        ))}
      </ul>
    </div>
  );
}
