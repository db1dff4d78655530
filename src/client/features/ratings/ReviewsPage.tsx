import { useInfiniteQuery } from '@tanstack/react-query';
import { ArrowLeft, MessageSquareText } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { RATINGS_SHOWN_FROM } from '@shared/ratings/summary.js';
import { RATING_MESSAGES, type ReviewTally } from '@shared/ratings/schemas.js';
import { countOf } from '@shared/plural.js';
import { PageTitle } from '@/components/layouts/PageMain.js';
import { SignedInLayout } from '@/components/layouts/SignedInLayout.js';
import { Stars } from '@/components/ratings/Stars.js';
import { ManagedRestaurantContent } from '@/components/restaurants/ManagedRestaurantContent.js';
import { RestaurantPicker } from '@/components/restaurants/RestaurantPicker.js';
import { Button } from '@/components/ui/button.js';
import { PagedList } from '@/components/ui/paged-list.js';
import { useAuth } from '@/lib/authContext.js';
import { useFailureToast } from '@/lib/useFailureToast.js';
import { reviewsQuery } from './reviewsApi.js';
import { ReviewCard } from './ReviewCard.js';

/** The restaurant's average of its visible ratings, and when customers start to see it. */
function Tally({ tally }: { tally: ReviewTally }) {
  if (tally.average === null) return null;
  const early = tally.count < RATINGS_SHOWN_FROM;
  return (
    <div className="grid gap-1">
      <p className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        <span>{tally.average.toFixed(1)}</span>
        <Stars stars={Math.round(tally.average)} />
        <span className="text-base font-normal text-muted-foreground">from {countOf(tally.count, 'rating')}</span>
      </p>
      {early && (
        <p className="text-sm text-muted-foreground">
          Customers see 'New' until you have {RATINGS_SHOWN_FROM} ratings, then this average.
        </p>
      )}
    </div>
  );
}

/** One restaurant's reviews, newest first; its owner replies to each once, its managers read them. */
function Reviews({ restaurantId, mayReply }: { restaurantId: string; mayReply: boolean }) {
  const reviews = useInfiniteQuery(reviewsQuery(restaurantId));
  useFailureToast(reviews.error, RATING_MESSAGES.loadFailed);
  const tally = reviews.data?.pages[0]?.tally;
  return (
    <section aria-label="Reviews" className="grid gap-4">
      {tally && <Tally tally={tally} />}
      <PagedList
        query={reviews}
        itemKey={(review) => review.orderId}
        renderItem={(review) => <ReviewCard review={review} restaurantId={restaurantId} mayReply={mayReply} />}
        loadingLabel="Loading the reviews"
        failedTitle={RATING_MESSAGES.loadFailed}
        emptyIcon={MessageSquareText}
        emptyTitle={RATING_MESSAGES.empty}
        className="grid gap-3"
      />
    </section>
  );
}

/**
 * /restaurant/manager/reviews: what customers said of a restaurant's food, for its owner (who
 * replies once to each) and its managers (who read them; a manager of several picks one).
 */
export default function ReviewsPage() {
  const { userRole } = useAuth();
  const [, setParams] = useSearchParams();
  const content = (
    <ManagedRestaurantContent
      failedTitle={RATING_MESSAGES.loadFailed}
      managerHint="You will see reviews here once a restaurant owner adds you as a manager."
    >
      {(restaurant, restaurants) => (
        <>
          <RestaurantPicker
            id="reviews-restaurant"
            restaurants={restaurants}
            value={restaurant.id}
            onChange={(id) => setParams(new URLSearchParams({ restaurant: id }), { replace: true })}
          />
          <Reviews key={restaurant.id} restaurantId={restaurant.id} mayReply={userRole === 'restaurant'} />
        </>
      )}
    </ManagedRestaurantContent>
  );

  return (
    <SignedInLayout title="Reviews">
      <div className="mx-auto grid max-w-3xl gap-5">
        <div className="grid gap-2">
          <Button asChild variant="ghost" className="h-11 w-fit px-2">
            <Link to={userRole === 'restaurant' ? '/restaurant/dashboard' : '/restaurant/manager'}>
              <ArrowLeft aria-hidden />
              {userRole === 'restaurant' ? 'Back to Dashboard' : 'Back to Sales'}
            </Link>
          </Button>
          <PageTitle>Reviews</PageTitle>
        </div>
        {content}
      </div>
    </SignedInLayout>
  );
}
