import { useInfiniteQuery } from '@tanstack/react-query';
import { ReceiptText, Store } from 'lucide-react';
import { Link } from 'react-router';
import { PageTitle } from '@/app/layouts/PageMain.js';
import { SignedInLayout } from '@/app/layouts/SignedInLayout.js';
import { Button } from '@/components/ui/button.js';
import { EmptyState, LoadFailed } from '@/components/ui/empty-state.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { useFailureToast } from '@/features/customer/useFailureToast.js';
import { OrderCard } from './OrderCard.js';
import { myOrdersQuery } from './ordersApi.js';

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

function OrderSkeletons() {
  return (
    <div role="status" aria-label="Loading your orders" className="grid gap-4">
      {Array.from({ length: 3 }, (_, index) => (
        <div key={index} className="grid gap-3 rounded-xl border bg-card p-5">
          <div className="flex justify-between">
            <Skeleton className="h-5 w-1/3" />
            <Skeleton className="h-6 w-20" />
          </div>
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ))}
    </div>
  );
}

/** /customer/orders: the customer's orders, newest first, a page at a time, each following its status live. */
export default function CustomerOrdersPage() {
  const orders = useInfiniteQuery(myOrdersQuery());
  useFailureToast(orders.error, LOAD_FAILED);
  const shown = orders.data?.pages.flatMap((page) => page.items) ?? [];

  let content;
  if (orders.isPending) {
    content = <OrderSkeletons />;
  } else if (orders.isError && shown.length === 0) {
    content = <LoadFailed title={LOAD_FAILED} retrying={orders.isFetching} onRetry={() => void orders.refetch()} />;
  } else if (shown.length === 0) {
    content = (
      <EmptyState icon={ReceiptText} title="No orders yet" action={<BrowseRestaurants />}>
        When you order from a restaurant, you can follow it here until it reaches your door.
      </EmptyState>
    );
  } else {
    content = (
      <>
        <ul className="grid gap-4">
          {shown.map((order) => (
            <li key={order.id}>
              <OrderCard order={order} />
            </li>
          ))}
        </ul>
        {orders.hasNextPage && (
          <Button
            variant="outline"
            className="justify-self-center"
            disabled={orders.isFetchingNextPage}
            onClick={() => void orders.fetchNextPage()}
          >
            {orders.isFetchingNextPage ? 'Loading more…' : 'Show more'}
          </Button>
        )}
      </>
    );
  }

  return (
    <SignedInLayout title="My Orders">
      <div className="mx-auto grid max-w-3xl gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <PageTitle>My Orders</PageTitle>
          {shown.length > 0 && <BrowseRestaurants variant="outline" />}
        </div>
        {content}
      </div>
    </SignedInLayout>
  );
}
