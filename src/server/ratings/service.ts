import type { Page, PageQuery } from '@shared/paging.js';
import {
  RATING_MESSAGES,
  type AdminReview,
  type GivenRating,
  type RateOrder,
  type Review,
  type ReviewPage,
} from '@shared/ratings/schemas.js';
import { RESTAURANT_MESSAGES } from '@shared/restaurants/schemas.js';
import type { AuthUser } from '../core/identity.js';
import type { Queryable } from '../db/client.js';
import { toPage } from '../db/keyset.js';
import { conflict, forbidden, notFound, unprocessable } from '../http/errors.js';
import { moderatesReviews, ratesOrders, readsReviews, refusalForRestaurant, repliesToReviews } from '../policy.js';
import {
  findOrderToRate,
  findReviewRow,
  findTally,
  insertRating,
  listReviewRows,
  reviewFilters,
  setHiddenIfNot,
  setReplyIfNone,
} from './repository.js';
import { toAdminReview, toReview, toTally } from './views.js';

/**
 * The customer rates their delivered order, once, within RATING_WINDOW_DAYS of delivery. Another
 * customer's order answers as if it did not exist (404). The rider's thumb is kept only when a
 * rider brought the order. Of two ratings sent at once, the primary key lets one in; the other is 409.
 */
export async function rateOrder(db: Queryable, customer: AuthUser, orderId: string, rating: RateOrder): Promise<GivenRating> {
  if (!ratesOrders(customer)) throw forbidden();
  const order = await findOrderToRate(db, orderId);
  if (!order || order.customerId !== customer.userId) throw notFound(RATING_MESSAGES.orderNotFound);
  if (order.status !== 'delivered') throw unprocessable(RATING_MESSAGES.notDelivered);
  if (!order.withinWindow) throw unprocessable(RATING_MESSAGES.windowClosed);
  const given = await insertRating(db, {
    orderId,
    restaurantId: order.restaurantId,
    customerId: order.customerId,
    driverId: order.driverId,
    foodStars: rating.foodStars,
    comment: rating.comment || null,
    riderThumbsUp: order.driverId ? (rating.riderThumbsUp ?? null) : null,
  });
  if (!given) throw conflict(RATING_MESSAGES.alreadyRated);
  return given;
}

async function allowReviews(answer: Promise<boolean>, user: AuthUser, part: 'kitchen' | 'sales') {
  if (await answer) return;
  throw refusalForRestaurant(user, part) === 'notFound' ? notFound(RESTAURANT_MESSAGES.notFound) : forbidden();
}

/** A restaurant's reviews, newest first, hidden ones marked, with its tally: for its owner, its managers and admins. */
export async function listReviews(db: Queryable, user: AuthUser, restaurantId: string, page: PageQuery): Promise<ReviewPage> {
  await allowReviews(readsReviews(db, user, restaurantId), user, 'sales');
  const rows = await listReviewRows(db, reviewFilters.ofRestaurant(restaurantId), page);
  return { ...toPage(rows, page.limit, toReview), tally: toTally(await findTally(db, restaurantId)) };
}

/** The owner answers a review of their restaurant, once: a second reply is 409, a review of another restaurant 404. */
export async function replyToReview(
  db: Queryable,
  owner: AuthUser,
  restaurantId: string,
  orderId: string,
  text: string,
): Promise<Review> {
  await allowReviews(repliesToReviews(db, owner, restaurantId), owner, 'kitchen');
  const replied = await setReplyIfNone(db, restaurantId, orderId, text);
  const row = await findReviewRow(db, orderId);
  if (!row || row.restaurantId !== restaurantId) throw notFound(RATING_MESSAGES.reviewNotFound);
  if (!replied) throw conflict(RATING_MESSAGES.alreadyReplied);
  return toReview(row);
}

/** The latest reviews across restaurants, newest first, for admins to moderate. */
export async function listAllReviews(db: Queryable, admin: AuthUser, page: PageQuery): Promise<Page<AdminReview>> {
  if (!moderatesReviews(admin)) throw forbidden();
  return toPage(await listReviewRows(db, undefined, page), page.limit, toAdminReview);
}

/** An admin hides an abusive review, or shows it again; the restaurant's average follows (the tally trigger). */
export async function setReviewHidden(db: Queryable, admin: AuthUser, orderId: string, hidden: boolean): Promise<AdminReview> {
  if (!moderatesReviews(admin)) throw forbidden();
  const changed = await setHiddenIfNot(db, orderId, hidden, admin.userId);
  const row = await findReviewRow(db, orderId);
  if (!row) throw notFound(RATING_MESSAGES.reviewNotFound);
  if (!changed) throw conflict(hidden ? RATING_MESSAGES.alreadyHidden : RATING_MESSAGES.alreadyShown);
  return toAdminReview(row);
}
