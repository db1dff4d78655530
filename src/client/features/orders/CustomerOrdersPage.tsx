import { useInfiniteQuery } from '@tanstack/react-query';
import { History, ReceiptText, Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { SignedInLayout } from '@/components/layouts/SignedInLayout.js';
import { Button } from '@/components/ui/button.js';
import { EmptyState } from '@/components/ui/empty-state.js';
import { PagedList } from '@/components/ui/paged-list.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { OrderCard } from './OrderCard.js';
import { myOrdersQuery } from './ordersApi.js';
import { PastOrderRow } from './PastOrderRow.js';

const LOAD_FAILED = 'Failed to load your orders';

function BrowseRestaurants({ variant = 'default' }: { variant?: 'default' | 'outline' }) {
  return (
    <Button asChild variant={variant} size="sm">
      <Link to="/customer">
        <Store aria-hidden />
        Browse Restaurants
      </Link>
    </Button>
  );
}

function OrdersSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * /customer/orders: the orders still on their way first, each with its progress and following its
 * status live, then the delivered and cancelled ones as compact rows; both newest first, a page at
 * a time.
 */
export default function CustomerOrdersPage() {
  const active = useInfiniteQuery(myOrdersQuery('active'));
  const past = useInfiniteQuery(myOrdersQuery('past'));
  useFailureToast(active.error ?? past.error, LOAD_FAILED);
  const none = [active, past].every((list) => list.isSuccess && list.data.pages.every((page) => page.items.length === 0));

  return (
    <SignedInLayout title="My Orders">
      <div className="mx-auto grid max-w-3xl gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <PageTitle>My Orders</PageTitle>
          {!none && <BrowseRestaurants variant="outline" />}
        </div>
        {none ? (
          <EmptyState icon={ReceiptText} title="No orders yet" action={<BrowseRestaurants />}>
            When you order from a restaurant, you can follow it here until it reaches your door.
          </EmptyState>
        ) : (
          <>
            <OrdersSection id="active-orders" title="Active orders">
              <PagedList
                query={active}
                itemKey={(order) => order.id}
                renderItem={(order) => <OrderCard order={order} />}
                loadingLabel="Loading your active orders"
                failedTitle={LOAD_FAILED}
                emptyIcon={ReceiptText}
                emptyTitle="No orders on their way"
                skeletonClassName="h-64"
                className="grid gap-4"
              />
            </OrdersSection>
            <OrdersSection id="past-orders" title="Past orders">
              <PagedList
                query={past}
                itemKey={(order) => order.id}
                renderItem={(order) => <PastOrderRow order={order} />}
                loadingLabel="Loading your past orders"
                failedTitle={LOAD_FAILED}
                emptyIcon={History}
                emptyTitle="No past orders yet"
                skeletonClassName="h-14"
                className="grid gap-2"
              />
            </OrdersSection>
          </>
        )}
      </div>
    </SignedInLayout>
  );
}
