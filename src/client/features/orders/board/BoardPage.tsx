import { useQuery } from '@tanstack/react-query';
import {
  ChartColumn,
  MessageSquareText,
  ReceiptText,
  ScrollText,
  Settings,
  Store,
  UtensilsCrossed,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import type { OwnRestaurant } from '@shared/restaurants/schemas.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { SignedInLayout } from '@/components/layouts/SignedInLayout.js';
import { InactiveNotice } from '@/components/restaurants/InactiveNotice.js';
import { Button } from '@/components/ui/button.js';
import { EmptyState, LoadFailed } from '@/components/ui/empty-state.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { ownRestaurantQuery } from '@/lib/restaurantsApi.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { LOAD_FAILED } from './OrderList.js';
import { OrderBoard } from './OrderBoard.js';

const LINKS: { to: string; label: string; icon: LucideIcon }[] = [
  { to: '/restaurant/manager', label: 'Sales & Transactions', icon: ChartColumn },
  { to: '/restaurant/manager/statement', label: 'Statement', icon: ScrollText },
  { to: '/restaurant/menu', label: 'Manage Menu', icon: UtensilsCrossed },
  { to: '/restaurant/manager/reviews', label: 'Reviews', icon: MessageSquareText },
  { to: '/restaurant/edit', label: 'Restaurant Settings', icon: Settings },
  { to: '/customer/orders', label: 'My Orders', icon: ReceiptText },
];

function RestaurantHeading({ restaurant }: { restaurant: OwnRestaurant }) {
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <PageTitle className="min-w-0 break-words">{restaurant.name}</PageTitle>
      </div>
      <InactiveNotice restaurant={restaurant} />
      <nav aria-label="Restaurant" className="grid gap-2 sm:flex sm:flex-wrap">
        {LINKS.map(({ to, label, icon: Icon }) => (
          <Button key={to} asChild variant="outline" size="lg">
            <Link to={to}>
              <Icon aria-hidden />
              {label}
            </Link>
          </Button>
        ))}
      </nav>
    </div>
  );
}

function NoRestaurant() {
  return (
    <EmptyState
      icon={Store}
      heading="h1"
      title="No restaurant found"
      action={
        <Button asChild size="lg">
          <Link to="/restaurant/setup">Set Up Restaurant</Link>
        </Button>
      }
    >
      Set up your restaurant to start taking orders.
    </EmptyState>
  );
}

/** /restaurant and /restaurant/dashboard: the owner's restaurant and its live kitchen board. */
export default function BoardPage() {
  const restaurant = useQuery(ownRestaurantQuery());
  useFailureToast(restaurant.error, LOAD_FAILED);

  let content;
  if (restaurant.isPending) {
    content = (
      <div role="status" aria-label="Loading your restaurant" className="grid gap-4">
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-11 w-full sm:w-96" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  } else if (restaurant.isError) {
    content = <LoadFailed title={LOAD_FAILED} retrying={restaurant.isFetching} onRetry={() => void restaurant.refetch()} />;
  } else if (restaurant.data === null) {
    content = <NoRestaurant />;
  } else {
    content = (
      <>
        <RestaurantHeading restaurant={restaurant.data} />
        <OrderBoard restaurant={restaurant.data} />
      </>
    );
  }

  return (
    <SignedInLayout title="Restaurant Dashboard">
      <div className="grid gap-6">{content}</div>
    </SignedInLayout>
  );
}
