import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { STATEMENT_MESSAGES } from '@shared/ledger/statement.js';
import { topics } from '@shared/realtime/events.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { SignedInLayout } from '@/components/layouts/SignedInLayout.js';
import { StatementView } from '@/components/ledger/StatementView.js';
import { ManagedRestaurantContent } from '@/components/restaurants/ManagedRestaurantContent.js';
import { RestaurantPicker } from '@/components/restaurants/RestaurantPicker.js';
import { Button } from '@/components/ui/button.js';

/**
 * /restaurant/manager/statement: what the platform owes a restaurant, entry by entry, over a
 * period, for its owner and its managers (a manager of several picks one).
 */
export default function StatementPage() {
  const [, setParams] = useSearchParams();
  // Another restaurant's statement starts again from this month, in its own currency.
  const chooseRestaurant = (id: string) => setParams(new URLSearchParams({ restaurant: id }), { replace: true });

  const content = (
    <ManagedRestaurantContent
      failedTitle={STATEMENT_MESSAGES.loadFailed}
      managerHint="You will see statements here once a restaurant owner adds you as a manager."
    >
      {(restaurant, restaurants) => (
        <>
          <RestaurantPicker
            id="statement-restaurant"
            restaurants={restaurants}
            value={restaurant.id}
            onChange={chooseRestaurant}
          />
          <StatementView
            key={restaurant.id}
            path={`/api/restaurants/${restaurant.id}/statement`}
            downloadName={restaurant.name}
            owedTo="the restaurant"
            emptyTitle={STATEMENT_MESSAGES.empty}
            topic={topics.restaurant(restaurant.id)}
          />
        </>
      )}
    </ManagedRestaurantContent>
  );

  return (
    <SignedInLayout title="Statement">
      <div className="mx-auto grid max-w-5xl gap-5">
        <div className="grid gap-2">
          <Button asChild variant="ghost" className="h-11 w-fit px-2">
            <Link to="/restaurant/manager">
              <ArrowLeft aria-hidden />
              Back to Sales
            </Link>
          </Button>
          <PageTitle>Statement</PageTitle>
        </div>
        {content}
      </div>
    </SignedInLayout>
  );
}
