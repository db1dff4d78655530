import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Landmark, MessageSquareText, ScrollText } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import {
  SALES_COUNTING_NOTE,
  SALES_MESSAGES,
  SALES_PERIOD_LABELS,
  SALES_PERIODS,
  type SalesPeriod,
} from '@shared/orders/sales.js';
import { topics } from '@shared/realtime/events.js';
import { useRealtime } from '@/lib/RealtimeProvider.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { SignedInLayout } from '@/components/layouts/SignedInLayout.js';
import { ManagedRestaurantContent, useChosenRestaurant } from '@/components/restaurants/ManagedRestaurantContent.js';
import { RestaurantPicker } from '@/components/restaurants/RestaurantPicker.js';
import { Button } from '@/components/ui/button.js';
import { LoadFailed } from '@/components/ui/empty-state.js';
import { SegmentedRadio } from '@/components/ui/segmented-radio.js';
import { Skeleton } from '@/components/ui/skeleton.js';
import { useAuth } from '@/lib/authContext.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { SalesCards, SalesCardsSkeleton } from './SalesCards.js';
import { SalesChart } from './SalesChart.js';
import { TransactionsTabs } from './TransactionsTabs.js';
import { salesKey, salesSummaryQuery } from './salesApi.js';

const isPeriod = (value: string | null): value is SalesPeriod => SALES_PERIODS.includes(value as SalesPeriod);

/** Cards, chart and transactions of one restaurant over one period; refreshed when one of its orders changes. */
function RestaurantSales({ restaurantId, period }: { restaurantId: string; period: SalesPeriod }) {
  const queryClient = useQueryClient();
  const summary = useQuery(salesSummaryQuery(restaurantId, period));
  useFailureToast(summary.error, SALES_MESSAGES.loadFailed);
  useRealtime(topics.restaurant(restaurantId), () => {
    void queryClient.invalidateQueries({ queryKey: salesKey(restaurantId) });
  });

  return (
    <>
      {summary.isPending ? (
        <>
          <SalesCardsSkeleton />
          <Skeleton className="h-56 w-full rounded-xl" />
        </>
      ) : summary.isError ? (
        <LoadFailed title={SALES_MESSAGES.loadFailed} retrying={summary.isFetching} onRetry={() => void summary.refetch()} />
      ) : (
        <>
          <SalesCards summary={summary.data} />
          <SalesChart summary={summary.data} />
        </>
      )}
      <section aria-labelledby="transactions-heading" className="grid gap-3">
        <h2 id="transactions-heading" className="sr-only">
          Transactions
        </h2>
        <TransactionsTabs restaurantId={restaurantId} period={period} />
      </section>
    </>
  );
}

/** /restaurant/manager: 'Sales & Transactions' for the owner and for the restaurant's managers. */
export default function SalesPage() {
  const { userRole } = useAuth();
  const [params, setParams] = useSearchParams();
  const wanted = params.get('period');
  const period: SalesPeriod = isPeriod(wanted) ? wanted : '7d';
  const { restaurant } = useChosenRestaurant();
  const choose = (key: 'period' | 'restaurant', value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );

  const content = (
    <ManagedRestaurantContent
      failedTitle={SALES_MESSAGES.loadFailed}
      managerHint="You will see sales here once a restaurant owner adds you as a manager."
      loading={<SalesCardsSkeleton />}
    >
      {(restaurant, restaurants) => (
        <>
          <div className="grid gap-4 sm:flex sm:flex-wrap sm:items-end sm:justify-between">
            <RestaurantPicker
              id="sales-restaurant"
              restaurants={restaurants}
              value={restaurant.id}
              onChange={(id) => choose('restaurant', id)}
            />
            <SegmentedRadio
              label="Period"
              options={SALES_PERIODS}
              labels={SALES_PERIOD_LABELS}
              value={period}
              onChange={(next) => choose('period', next)}
            />
          </div>
          <p className="text-sm text-muted-foreground">{SALES_COUNTING_NOTE}</p>
          <RestaurantSales key={restaurant.id} restaurantId={restaurant.id} period={period} />
        </>
      )}
    </ManagedRestaurantContent>
  );

  return (
    <SignedInLayout title="Sales & Transactions">
      <div className="mx-auto grid max-w-5xl gap-5">
        <div className="grid gap-2">
          {userRole === 'restaurant' && (
            <Button asChild variant="ghost" className="h-11 w-fit px-2">
              <Link to="/restaurant/dashboard">
                <ArrowLeft aria-hidden />
                Back to Dashboard
              </Link>
            </Button>
          )}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <PageTitle>Sales &amp; Transactions</PageTitle>
            <div className="flex flex-wrap gap-2">
              {userRole === 'restaurant' && (
                <Button asChild variant="outline">
                  <Link to="/restaurant/manager/payout-account">
                    <Landmark aria-hidden />
                    Payout account
                  </Link>
                </Button>
              )}
              <Button asChild variant="outline">
                <Link
                  to={restaurant ? `/restaurant/manager/statement?restaurant=${restaurant.id}` : '/restaurant/manager/statement'}
                >
                  <ScrollText aria-hidden />
                  Statement
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={restaurant ? `/restaurant/manager/reviews?restaurant=${restaurant.id}` : '/restaurant/manager/reviews'}>
                  <MessageSquareText aria-hidden />
                  Reviews
                </Link>
              </Button>
            </div>
          </div>
        </div>
        {content}
      </div>
    </SignedInLayout>
  );
}
