import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { PageQuery } from '@shared/paging.js';
import { RATING_WINDOW_DAYS, type GivenRating } from '@shared/ratings/schemas.js';
import type { Queryable } from '../db/client.js';
import { afterCursor, cursorMicros, newestFirst } from '../db/keyset.js';
import { orderRatings, orders, profiles, restaurants } from '../db/schema.js';

const RATING_WINDOW = sql.raw(`interval '${RATING_WINDOW_DAYS} days'`);

/**
 * When the order was delivered. orders has no delivered_at: every move stamps updated_at
 * (orders/movesRepository.ts) and nothing changes a delivered order after its last move, so for a
 * delivered order updated_at is the time of delivery.
 */
const deliveredAt = orders.updatedAt;

/** The customer may still rate the order: it was delivered less than RATING_WINDOW_DAYS ago. */
const withinWindow = sql<boolean>`${deliveredAt} > now() - ${RATING_WINDOW}`;

/**
 * What the customer's view of a delivered order needs (ratings/views.ts, toRatingState): the
 * rating they gave, found by its primary key, and until when they may rate it. Both null for an
 * order not delivered.
 */
export const orderRatingColumns = {
  ratingGiven: sql<GivenRating | null>`case when ${orders.status} = 'delivered' then (
    select json_build_object('foodStars', r.food_stars, 'comment', r.comment, 'riderThumbsUp', r.rider_thumbs_up, 'reply', r.reply)
    from ${orderRatings} r where r.order_id = ${orders.id}) end`,
  ratingOpenUntil: sql<Date | null>`case when ${orders.status} = 'delivered' and ${withinWindow}
    then ${deliveredAt} + ${RATING_WINDOW} end`.mapWith(orders.updatedAt),
};

/** Who an order belongs to, where it stands, and whether it was delivered recently enough to rate. */
export async function findOrderToRate(db: Queryable, orderId: string) {
  const [row] = await db
    .select({
      customerId: orders.customerId,
      restaurantId: orders.restaurantId,
      driverId: orders.driverId,
      status: orders.status,
      withinWindow,
    })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row;
}

const givenColumns = {
  foodStars: orderRatings.foodStars,
  comment: orderRatings.comment,
  riderThumbsUp: orderRatings.riderThumbsUp,
  reply: orderRatings.reply,
};

/** Writes the order's one rating; undefined when it has one already (two sent at once included). */
export async function insertRating(db: Queryable, rating: typeof orderRatings.$inferInsert): Promise<GivenRating | undefined> {
  const [row] = await db.insert(orderRatings).values(rating).onConflictDoNothing().returning(givenColumns);
  return row;
}

const ratingKeys = { createdAt: orderRatings.createdAt, id: orderRatings.orderId };

const reviewColumns = {
  id: orderRatings.orderId,
  foodStars: orderRatings.foodStars,
  comment: orderRatings.comment,
  customerName: profiles.fullName,
  createdAt: orderRatings.createdAt,
  reply: orderRatings.reply,
  repliedAt: orderRatings.repliedAt,
  hidden: orderRatings.hidden,
  restaurantId: orderRatings.restaurantId,
  restaurantName: restaurants.name,
  cursorMicros: cursorMicros(ratingKeys),
};
export type ReviewRow = Awaited<ReturnType<typeof listReviewRows>>[number];

/** Reviews matching `filter`, newest first, one page (plus one row to tell whether more follow). */
export function listReviewRows(db: Queryable, filter: SQL | undefined, page: PageQuery) {
  return db
    .select(reviewColumns)
    .from(orderRatings)
    .innerJoin(profiles, eq(profiles.id, orderRatings.customerId))
    .innerJoin(restaurants, eq(restaurants.id, orderRatings.restaurantId))
    .where(and(filter, afterCursor(ratingKeys, page.cursor)))
    .orderBy(...newestFirst(ratingKeys))
    .limit(page.limit + 1);
}

export const reviewFilters = {
  /** One restaurant's reviews: order_ratings_restaurant_idx serves them in order. */
  ofRestaurant: (restaurantId: string) => eq(orderRatings.restaurantId, restaurantId),
  ofOrder: (orderId: string) => eq(orderRatings.orderId, orderId),
};

export async function findReviewRow(db: Queryable, orderId: string): Promise<ReviewRow | undefined> {
  const [row] = await listReviewRows(db, reviewFilters.ofOrder(orderId), { limit: 1, cursor: undefined });
  return row;
}

/** The restaurant's visible ratings as the tally trigger keeps them. */
export async function findTally(db: Queryable, restaurantId: string) {
  const [row] = await db
    .select({ count: restaurants.ratingCount, total: restaurants.ratingTotal })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId))
    .limit(1);
  return row ?? { count: 0, total: 0 };
}

/** The restaurant's reply, written only while the review has none; false when it has one or is not the restaurant's. */
export async function setReplyIfNone(db: Queryable, restaurantId: string, orderId: string, text: string): Promise<boolean> {
  const rows = await db
    .update(orderRatings)
    .set({ reply: text, repliedAt: sql`now()` })
    .where(and(eq(orderRatings.orderId, orderId), eq(orderRatings.restaurantId, restaurantId), isNull(orderRatings.reply)))
    .returning({ id: orderRatings.orderId });
  return rows.length > 0;
}

/** Hides the review (or shows it again) only if it is not so already; the tally trigger follows. */
export async function setHiddenIfNot(db: Queryable, orderId: string, hidden: boolean, adminId: string): Promise<boolean> {
  const rows = await db
    .update(orderRatings)
    .set({ hidden, hiddenBy: hidden ? adminId : null })
    .where(and(eq(orderRatings.orderId, orderId), eq(orderRatings.hidden, !hidden)))
    .returning({ id: orderRatings.orderId });
  return rows.length > 0;
}
