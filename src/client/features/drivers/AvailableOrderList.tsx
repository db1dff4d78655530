import { useQuery } from '@tanstack/react-query';
import { Inbox, ShieldAlert } from 'lucide-react';
import { DRIVER_MESSAGES } from '@shared/drivers/schemas.js';
import type { AvailableOrderView } from '@shared/orders/views.js';
import { EmptyState, LoadFailed } from '@/components/ui/empty-state.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { useOneAtATime } from '@/lib/useOneAtATime.js';
import { AvailableOrderCard } from './AvailableOrderCard.js';
import { CardSkeletons } from './CardSkeletons.js';
import { availableOrdersQuery } from './driverApi.js';
import { useAcceptOrder } from './useAcceptOrder.js';

const LOAD_FAILED = 'Failed to load available orders';

interface AvailableOrderListProps {
  verified: boolean;
  /** Why the driver cannot accept now (unverified, carrying as much as they may, offline or unavailable), or null. */
  blocker: string | null;
  /** Why one order cannot join what the driver carries (its restaurant too far from theirs), or null: said on its card. */
  orderBlocker: (order: AvailableOrderView) => string | null;
  onAccepted: () => void;
}

/**
 * 'Available Orders': ready orders without a driver, nearest first (one offered to this driver
 * first, marked so; those offered to another are not listed); accepting is first come, first served.
 */
export function AvailableOrderList({ verified, blocker, orderBlocker, onAccepted }: AvailableOrderListProps) {
  const orders = useQuery(availableOrdersQuery(verified));
  useFailureToast(orders.error, LOAD_FAILED);
  const accept = useAcceptOrder(onAccepted);
  const acceptOnce = useOneAtATime(accept);

  if (!verified) {
    return (
      <EmptyState icon={ShieldAlert} title={DRIVER_MESSAGES.waitingVerification}>
        Orders are listed here once an admin has verified your account.
      </EmptyState>
    );
  }
  if (orders.isPending) return <CardSkeletons label="Loading available orders" />;
  const shown = orders.data?.items ?? [];
  if (orders.isError && shown.length === 0) {
    return <LoadFailed title={LOAD_FAILED} retrying={orders.isFetching} onRetry={() => void orders.refetch()} />;
  }
  if (shown.length === 0) {
    return (
      <EmptyState icon={Inbox} title={DRIVER_MESSAGES.noAvailable}>
        New ready orders appear here at once, with a sound.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-3">
      {blocker && (
        <p role="status" className="rounded-lg border bg-muted px-3 py-2 text-sm">
          {blocker}
        </p>
      )}
      <ul className="grid gap-4 md:grid-cols-2">
        {shown.map((order) => {
          const refused = blocker === null ? orderBlocker(order) : null;
          return (
            <li key={order.id} className="grid">
              <AvailableOrderCard
                order={order}
                accepting={accept.isPending && accept.variables === order.id}
                disabled={blocker !== null || refused !== null || accept.isPending}
                refused={refused}
                onAccept={() => acceptOnce(order.id)}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}
