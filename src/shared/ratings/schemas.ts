import { z } from 'zod';
import { optionalText, requiredText, uuidSchema } from '../fields.js';
import { pageSchema } from '../paging.js';
import { countOf } from '../plural.js';
import { restaurantIdParamsSchema } from '../restaurants/schemas.js';

/** How long after delivery a customer may rate an order (decision 027). */
export const RATING_WINDOW_DAYS = 7;
const COMMENT_MAX = 500;
const REPLY_MAX = 500;
/** The stars a customer gives the food, from 1 to 5. */
export const STAR_VALUES = [1, 2, 3, 4, 5] as const;

export const RATING_MESSAGES = {
  stars: 'Choose from 1 to 5 stars for the food',
  commentTooLong: `A comment can be at most ${COMMENT_MAX} characters`,
  thumb: 'Give the rider a thumbs up or down, or leave it out',
  orderNotFound: 'Order not found',
  notDelivered: 'You can rate an order once it has been delivered',
  windowClosed: `Orders can be rated for ${RATING_WINDOW_DAYS} days after delivery`,
  alreadyRated: 'You have already rated this order',
  rated: 'Thanks for rating your order',
  rateFailed: 'Your rating could not be sent. Please try again.',
  replyRequired: 'Write a reply',
  replyTooLong: `A reply can be at most ${REPLY_MAX} characters`,
  invalidReview: 'That is not a valid review id',
  reviewNotFound: 'Review not found',
  alreadyReplied: 'This review already has a reply',
  replied: 'Reply posted',
  replyFailed: 'Your reply could not be posted. Please try again.',
  alreadyHidden: 'This review is already hidden',
  alreadyShown: 'This review is already shown',
  hid: 'Review hidden',
  showed: 'Review shown again',
  moderateFailed: 'The review could not be changed. Please try again.',
  loadFailed: 'Failed to load the reviews',
  empty: 'No reviews yet',
} as const;

/** 'Rate your order' (POST /api/orders/:id/rating): the food's stars, an optional comment, and a thumb for the rider. */
export const rateOrderSchema = z.object({
  foodStars: z
    .number({ message: RATING_MESSAGES.stars })
    .int(RATING_MESSAGES.stars)
    .min(1, RATING_MESSAGES.stars)
    .max(5, RATING_MESSAGES.stars),
  /** Empty means no comment. */
  comment: optionalText(COMMENT_MAX, RATING_MESSAGES.commentTooLong).optional(),
  /** Kept only when a rider brought the order; without one there is nobody to rate (stored as none). */
  riderThumbsUp: z.boolean({ message: RATING_MESSAGES.thumb }).nullable().optional(),
});
export type RateOrderInput = z.input<typeof rateOrderSchema>;
export type RateOrder = z.output<typeof rateOrderSchema>;

/** The rating the customer gave, and the restaurant's reply to it. */
export const givenRatingSchema = z.object({
  foodStars: z.number().int(),
  comment: z.string().nullable(),
  riderThumbsUp: z.boolean().nullable(),
  reply: z.string().nullable(),
});
export type GivenRating = z.infer<typeof givenRatingSchema>;

/** A delivered order's rating as its customer sees it on My Orders. */
export const orderRatingStateSchema = z.object({
  given: givenRatingSchema.nullable(),
  /** Until when it may still be rated; null once rated or once the window has passed. */
  openUntil: z.iso.datetime().nullable(),
  /** Whether a rider brought it, so that there is someone to give a thumb to. */
  withRider: z.boolean(),
});
export type OrderRatingState = z.infer<typeof orderRatingStateSchema>;

/** A rating as the restaurant reads it: the customer's first name only, never the rider's thumb. */
export const reviewSchema = z.object({
  orderId: z.uuid(),
  foodStars: z.number().int(),
  comment: z.string().nullable(),
  customerFirstName: z.string(),
  createdAt: z.iso.datetime(),
  reply: z.string().nullable(),
  repliedAt: z.iso.datetime().nullable(),
  /** Hidden by an admin as abusive: left out of the average, shown to the restaurant as hidden. */
  hidden: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

/** Every visible rating of the restaurant: the owner sees the average from the first (customers from RATINGS_SHOWN_FROM). */
const reviewTallySchema = z.object({ count: z.number().int(), average: z.number().nullable() });
export type ReviewTally = z.infer<typeof reviewTallySchema>;

/** GET /api/restaurants/:id/reviews: a page of its reviews, newest first, with its tally. */
export const reviewPageSchema = pageSchema(reviewSchema).extend({ tally: reviewTallySchema });
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** A review as admins list them across restaurants. */
export const adminReviewSchema = reviewSchema.extend({ restaurantId: z.uuid(), restaurantName: z.string() });
export type AdminReview = z.infer<typeof adminReviewSchema>;
export const adminReviewPageSchema = pageSchema(adminReviewSchema);

/** The owner's one reply to a review (PUT /api/restaurants/:id/reviews/:orderId/reply). */
export const replySchema = z.object({
  text: requiredText(REPLY_MAX, RATING_MESSAGES.replyRequired, RATING_MESSAGES.replyTooLong),
});
export type ReplyInput = z.input<typeof replySchema>;

export const reviewParamsSchema = restaurantIdParamsSchema.extend({ orderId: uuidSchema(RATING_MESSAGES.invalidReview) });
export const reviewIdParamsSchema = z.object({ orderId: uuidSchema(RATING_MESSAGES.invalidReview) });

/** '4 stars', '1 star': the label of a number of stars. */
export const starsLabel = (stars: number) => countOf(stars, 'star');
