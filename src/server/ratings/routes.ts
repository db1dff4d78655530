import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { orderIdParamsSchema } from '@shared/orders/schemas.js';
import { pageQuerySchema } from '@shared/paging.js';
import {
  adminReviewPageSchema,
  adminReviewSchema,
  givenRatingSchema,
  rateOrderSchema,
  replySchema,
  reviewIdParamsSchema,
  reviewPageSchema,
  reviewParamsSchema,
  reviewSchema,
} from '@shared/ratings/schemas.js';
import { restaurantIdParamsSchema } from '@shared/restaurants/schemas.js';
import { allowOnly, requireUser, signedIn } from '../http/guards.js';
import { ratesOrders } from '../policy.js';
import { listAllReviews, listReviews, rateOrder, replyToReview, setReviewHidden } from './service.js';

/** The customer rates a delivered order, mounted at /api/orders: POST /:id/rating. */
export const orderRatingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(ratesOrders));

  app.post(
    '/:id/rating',
    { schema: { params: orderIdParamsSchema, body: rateOrderSchema, response: { 201: givenRatingSchema } } },
    async (request, reply) =>
      reply.status(201).send(await rateOrder(app.db, requireUser(request), request.params.id, request.body)),
  );
};

/** A restaurant's reviews, mounted at /api/restaurants: GET /:id/reviews, and the owner's one reply to each. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', signedIn);

  app.get(
    '/:id/reviews',
    { schema: { params: restaurantIdParamsSchema, querystring: pageQuerySchema, response: { 200: reviewPageSchema } } },
    (request) => listReviews(app.db, requireUser(request), request.params.id, request.query),
  );

  app.put(
    '/:id/reviews/:orderId/reply',
    { schema: { params: reviewParamsSchema, body: replySchema, response: { 200: reviewSchema } } },
    (request) => replyToReview(app.db, requireUser(request), request.params.id, request.params.orderId, request.body.text),
  );
};

/** Moderation, inside the admin routes at /api/admin/reviews: the latest reviews, and hiding or showing one. */
export const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', { schema: { querystring: pageQuerySchema, response: { 200: adminReviewPageSchema } } }, (request) =>
    listAllReviews(app.db, requireUser(request), request.query),
  );

  app.post('/:orderId/hide', { schema: { params: reviewIdParamsSchema, response: { 200: adminReviewSchema } } }, (request) =>
    setReviewHidden(app.db, requireUser(request), request.params.orderId, true),
  );

  app.post('/:orderId/show', { schema: { params: reviewIdParamsSchema, response: { 200: adminReviewSchema } } }, (request) =>
    setReviewHidden(app.db, requireUser(request), request.params.orderId, false),
  );
};
