import type { AdminReview, GivenRating, OrderRatingState, Review, ReviewTally } from '@shared/ratings/schemas.js';
import type { ReviewRow } from './repository.js';

/** The rating columns of an order row (repository.ts, orderRatingColumns), absent from a row made by hand. */
interface RatingColumns {
  status: string;
  driverId: string | null;
  ratingGiven?: GivenRating | null;
  ratingOpenUntil?: Date | null;
}

/** A delivered order's rating for its customer; undefined before delivery or for a row without the rating columns. */
export function toRatingState(row: RatingColumns): OrderRatingState | undefined {
  if (row.status !== 'delivered' || row.ratingGiven === undefined) return undefined;
  const given = row.ratingGiven;
  return {
    given,
    openUntil: given || !row.ratingOpenUntil ? null : row.ratingOpenUntil.toISOString(),
    withRider: row.driverId !== null,
  };
}

/** The restaurant sees its customers by first name only. */
const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';

export const toReview = (row: ReviewRow): Review => ({
  orderId: row.id,
  foodStars: row.foodStars,
  comment: row.comment,
  customerFirstName: firstName(row.customerName),
  createdAt: row.createdAt.toISOString(),
  reply: row.reply,
  repliedAt: row.repliedAt?.toISOString() ?? null,
  hidden: row.hidden,
});

export const toAdminReview = (row: ReviewRow): AdminReview => ({
  ...toReview(row),
  restaurantId: row.restaurantId,
  restaurantName: row.restaurantName,
});

/** The average of the visible ratings to one decimal, as the catalog rounds it; null before the first. */
export const toTally = ({ count, total }: { count: number; total: number }): ReviewTally => ({
  count,
  average: count > 0 ? Math.round((total / count) * 10) / 10 : null,
});
