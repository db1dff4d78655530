import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDriverPageSchema,
  adminDriversQuerySchema,
  adminDriverViewSchema,
  driverIdParamsSchema,
  driverVerifiedChangeSchema,
} from '@shared/admin/drivers.js';
import {
  adminUserPageSchema,
  adminUsersQuerySchema,
  adminUserViewSchema,
  userDisabledChangeSchema,
  userIdParamsSchema,
  userRoleChangeSchema,
} from '@shared/admin/users.js';
import { requireUser } from '../http/guards.js';
import { listDrivers, setVerified } from './drivers/service.js';
import { changeUserRole, listUsers, setUserDisabled } from './users/service.js';

/** User and Driver Management, inside the admin routes (whose hook lets only admins in). */
export const peopleAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/users', { schema: { querystring: adminUsersQuerySchema, response: { 200: adminUserPageSchema } } }, (request) =>
    listUsers(app.db, request.query),
  );

  app.patch(
    '/users/:id/role',
    { schema: { params: userIdParamsSchema, body: userRoleChangeSchema, response: { 200: adminUserViewSchema } } },
    (request) => changeUserRole(app.db, request.params.id, request.body.role),
  );

  app.patch(
    '/users/:id/disabled',
    { schema: { params: userIdParamsSchema, body: userDisabledChangeSchema, response: { 200: adminUserViewSchema } } },
    (request) => setUserDisabled(app.db, requireUser(request), request.params.id, request.body.disabled),
  );

  app.get('/drivers', { schema: { querystring: adminDriversQuerySchema, response: { 200: adminDriverPageSchema } } }, (request) =>
    listDrivers(app.db, app.config.JWT_SECRET, request.query),
  );

  app.patch(
    '/drivers/:id/verified',
    { schema: { params: driverIdParamsSchema, body: driverVerifiedChangeSchema, response: { 200: adminDriverViewSchema } } },
    (request) => setVerified(app.db, app.config.JWT_SECRET, request.params.id, request.body.verified),
  );
};
