import { useInfiniteQuery } from '@tanstack/react-query';
import { ClipboardList } from 'lucide-react';
import { EmptyState, LoadFailed } from '@/components/ui/empty-state.js';
import { ShowMoreButton } from '@/components/ui/show-more-button.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import type { KitchenTab } from '@shared/orders/views.js';
import { kitchenOrdersQuery } from './kitchenApi.js';
import { KitchenOrderCard } from './KitchenOrderCard.js';

export const LOAD_FAILED = 'Failed to load restaurant data';

const EMPTY: Record<KitchenTab, { title: string; text: string }> = {
  active: { title: 'No active orders', text: 'New orders appear here as soon as customers place them.' },
  completed: { title: 'No completed orders', text: 'Delivered and cancelled orders are listed here.' },
};

const GRID = 'grid gap-4 md:grid-cols-2 xl:grid-cols-3';

function CardSkeletons() {
  return (
    <div role="status" aria-label="Loading orders" className={GRID}>
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="grid gap-3 rounded-xl border bg-card p-4">
          <Skeleton className="h-5 w-1/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-11 w-full" />
        </div>
      ))}
    </div>
  );
}

/** One tab of the board, a page at a time. */
export function OrderList({ restaurantId, tab, now }: { restaurantId: string; tab: KitchenTab; now: number }) {
  const orders = useInfiniteQuery(kitchenOrdersQuery(restaurantId, tab));
  useFailureToast(orders.error, LOAD_FAILED);
  const shown = orders.data?.pages.flatMap((page) => page.items) ?? [];

  if (orders.isPending) return <CardSkeletons />;
  if (orders.isError && shown.length === 0) {
    return <LoadFailed title={LOAD_FAILED} retrying={orders.isFetching} onRetry={() => void orders.refetch()} />;
  }
  if (shown.length === 0) {
    return (
      <EmptyState icon={ClipboardList} title={EMPTY[tab].title}>
        {EMPTY[tab].text}
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-4">
      <ul className={GRID}>
        {shown.map((order) => (
          <li key={order.id} className="grid">
            <KitchenOrderCard order={order} restaurantId={restaurantId} now={now} />
          </li>
        ))}
      </ul>
      <ShowMoreButton pages={orders} size="lg" />
    </div>
  );
}
