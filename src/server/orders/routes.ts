import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { Role } from '@shared/auth/roles.js';
import {
  orderIdParamsSchema,
  orderViewListSchema,
  orderViewSchema,
  placeOrderSchema,
  updateOrderStatusSchema,
} from '@shared/orders/schemas.js';
import { requireRole, requireUser } from '../http/guards.js';
import { placeCashOrder } from './checkout.js';
import { moveOrderByKitchen } from './kitchen.js';
import { getOrder, listMyOrders } from './service.js';

const KITCHEN_ROLES: Role[] = ['restaurant', 'manager', 'admin'];

/** Refuses the wrong caller before the body is even read, so anonymous callers get 401, not a validation error. */
const only =
  (...roles: Role[]) =>
  async (request: FastifyRequest) => {
    requireRole(request, ...roles);
  };

/** Orders, mounted at /api/orders. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    { onRequest: only('customer'), schema: { body: placeOrderSchema, response: { 201: orderViewSchema } } },
    async (request, reply) =>
      reply.status(201).send(await placeCashOrder(app.db, requireRole(request, 'customer'), request.body)),
  );

  app.get('/mine', { schema: { response: { 200: orderViewListSchema } } }, (request) =>
    listMyOrders(app.db, requireRole(request, 'customer')),
  );

  app.get('/:id', { schema: { params: orderIdParamsSchema, response: { 200: orderViewSchema } } }, (request) =>
    getOrder(app.db, requireUser(request), request.params.id),
  );

  app.patch(
    '/:id/status',
    {
      onRequest: only(...KITCHEN_ROLES),
      schema: { params: orderIdParamsSchema, body: updateOrderStatusSchema, response: { 200: orderViewSchema } },
    },
    (request) =>
      moveOrderByKitchen(app.db, requireRole(request, ...KITCHEN_ROLES), request.params.id, request.body.status),
  );
};
