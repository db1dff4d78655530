import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deliveryCodeSchema } from '@shared/drivers/schemas.js';
import { doorWaitSchema } from '@shared/orders/notAvailable.js';
import {
  checkoutHeadersSchema,
  orderIdParamsSchema,
  orderViewSchema,
  placeOrderSchema,
  updateOrderStatusSchema,
} from '@shared/orders/schemas.js';
import {
  availableOrderPageSchema,
  customerOrderPageSchema,
  deliveryPageSchema,
  myOrdersQuerySchema,
  orderDetailSchema,
  orderMovedSchema,
} from '@shared/orders/views.js';
import { pageQuerySchema } from '@shared/paging.js';
import { allowOnly, requireUser, signedIn } from '../http/guards.js';
import { mayPlaceOrders } from '../policy.js';
import { checkoutId, placeCashOrder } from './checkout/cash.js';
import { checkoutLimit } from './checkoutLimit.js';
import { deliverWithCode } from './delivery.js';
import { moveOrderAndDispatch } from './moves.js';
import { closeNotAvailable, startDoorWait } from './notAvailable.js';
import { readUploadedFile } from '../storage/multipart.js';
import { getOrder, listAvailableOrders, listDeliveries, listMyOrders } from './service.js';

/** Orders, mounted at /api/orders. Who may do what is asked of the policy, here or in the services. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', signedIn);
  const limitOrders = checkoutLimit(app);

  app.post(
    '/',
    {
      onRequest: allowOnly(mayPlaceOrders),
      schema: { body: placeOrderSchema, headers: checkoutHeadersSchema, response: { 201: orderViewSchema } },
    },
    async (request, reply) => {
      const id = checkoutId(request.body.orderId, request.headers['idempotency-key']);
      await limitOrders?.(request, id);
      return reply.status(201).send(await placeCashOrder(app, requireUser(request), request.body, id));
    },
  );

  app.get('/mine', { schema: { querystring: myOrdersQuerySchema, response: { 200: customerOrderPageSchema } } }, (request) =>
    listMyOrders(app.db, requireUser(request), request.query, app.config.DELIVERY_AVERAGE_SPEED_KMH, app.config.JWT_SECRET),
  );

  app.get('/available', { schema: { querystring: pageQuerySchema, response: { 200: availableOrderPageSchema } } }, (request) =>
    listAvailableOrders(app.db, requireUser(request), request.query),
  );

  app.get('/deliveries', { schema: { querystring: pageQuerySchema, response: { 200: deliveryPageSchema } } }, (request) =>
    listDeliveries(app.db, requireUser(request), request.query),
  );

  app.get('/:id', { schema: { params: orderIdParamsSchema, response: { 200: orderDetailSchema } } }, (request) =>
    getOrder(app.db, requireUser(request), request.params.id, {
      averageSpeedKmh: app.config.DELIVERY_AVERAGE_SPEED_KMH,
      fileSecret: app.config.JWT_SECRET,
    }),
  );

  app.patch(
    '/:id/status',
    { schema: { params: orderIdParamsSchema, body: updateOrderStatusSchema, response: { 200: orderMovedSchema } } },
    (request) => moveOrderAndDispatch(app, requireUser(request), request.params.id, request.body.status),
  );

  app.post(
    '/:id/deliver',
    { schema: { params: orderIdParamsSchema, body: deliveryCodeSchema, response: { 200: orderMovedSchema } } },
    (request) => deliverWithCode(app, requireUser(request), request.params.id, request.body.code),
  );

  app.post('/:id/wait', { schema: { params: orderIdParamsSchema, response: { 200: doorWaitSchema } } }, (request) =>
    startDoorWait(app, requireUser(request), request.params.id, app.config.CUSTOMER_WAIT_MINUTES),
  );

  // One image in the multipart part "file": the photo of the door.
  app.post(
    '/:id/not-available',
    { schema: { params: orderIdParamsSchema, response: { 200: orderMovedSchema } } },
    async (request) => closeNotAvailable(app, requireUser(request), request.params.id, await readUploadedFile(request)),
  );
};
