import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operationsSchema } from '@shared/admin/operations.js';
import { closeOrderSchema, reassignOrderSchema } from '@shared/orders/closures.js';
import { paymentDecidedSchema, paymentDecisionSchema } from '@shared/orders/notAvailable.js';
import { orderIdParamsSchema } from '@shared/orders/schemas.js';
import { adminOrderPageSchema, adminOrdersQuerySchema, orderMovedSchema } from '@shared/orders/views.js';
import { allowOnly, requireUser } from '../http/guards.js';
import { closeOrder } from '../orders/adminClose.js';
import { unlockDeliveryCode } from '../orders/delivery.js';
import { decidePayment } from '../orders/notAvailable.js';
import { reassignOrder } from '../orders/reassign.js';
import { takeBackOrder } from '../orders/takeBack.js';
import { listAllOrders } from '../orders/service.js';
import { oversees, runsOperations } from '../policy.js';
import { getOperations } from './operations.js';
import { cashHandInRoutes } from './cashHandInRoutes.js';
import { dashboardRoutes } from './dashboardRoutes.js';
import { deliverySettingsRoutes } from './deliverySettingsRoutes.js';
import { idCheckRoutes } from '../verification/routes.js';
import { heatmapRoutes } from './heatmapRoutes.js';
import { jobsRoutes } from './jobsRoutes.js';
import { ledgerRoutes } from '../ledger/routes.js';
import { adminPayoutRoutes } from '../payouts/adminRoutes.js';
import { adminReviewRoutes } from '../ratings/routes.js';
import { verificationListRoutes } from './verificationListRoutes.js';
import { peopleAdminRoutes } from './peopleRoutes.js';
import { adminRestaurantRoutes } from './restaurants.js';

/** The admin area's API, mounted at /api/admin. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', allowOnly(oversees));
  await app.register(dashboardRoutes);
  await app.register(deliverySettingsRoutes);
  await app.register(peopleAdminRoutes);
  await app.register(adminRestaurantRoutes, { prefix: '/restaurants' });

  app.get('/orders', { schema: { querystring: adminOrdersQuerySchema, response: { 200: adminOrderPageSchema } } }, (request) =>
    listAllOrders(app.db, requireUser(request), request.query, app.config.JWT_SECRET),
  );

  app.post('/orders/:id/unlock-code', { schema: { params: orderIdParamsSchema } }, async (request, reply) => {
    await unlockDeliveryCode(app.db, requireUser(request), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/orders/:id/close',
    { schema: { params: orderIdParamsSchema, body: closeOrderSchema, response: { 200: orderMovedSchema } } },
    (request) => closeOrder(app, requireUser(request), request.params.id, request.body),
  );

  app.post(
    '/orders/:id/reassign',
    { schema: { params: orderIdParamsSchema, body: reassignOrderSchema, response: { 200: orderMovedSchema } } },
    (request) => reassignOrder(app, requireUser(request), request.params.id, request.body.driverId),
  );

  app.post('/orders/:id/take-back', { schema: { params: orderIdParamsSchema, response: { 200: orderMovedSchema } } }, (request) =>
    takeBackOrder(app, requireUser(request), request.params.id),
  );

  app.get('/operations', { onRequest: allowOnly(runsOperations), schema: { response: { 200: operationsSchema } } }, () =>
    getOperations(app.db),
  );

  app.post(
    '/orders/:id/payment-decision',
    { schema: { params: orderIdParamsSchema, body: paymentDecisionSchema, response: { 200: paymentDecidedSchema } } },
    (request) => decidePayment(app, requireUser(request), request.params.id, request.body.decision),
  );

  await app.register(idCheckRoutes);
  await app.register(heatmapRoutes);
  await app.register(verificationListRoutes);
  await app.register(jobsRoutes);
  await app.register(ledgerRoutes, { prefix: '/ledger' });
  await app.register(adminPayoutRoutes, { prefix: '/payouts' });
  await app.register(cashHandInRoutes);
  await app.register(adminReviewRoutes, { prefix: '/reviews' });
};
