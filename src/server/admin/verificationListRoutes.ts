import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { verificationDriverPageSchema, verificationListQuerySchema } from '@shared/admin/verificationList.js';
import { requireUser } from '../http/guards.js';
import { listDriversForVerification } from './verificationList.js';

/** GET /api/admin/verification/drivers, registered inside the admin routes (admins only). */
export const verificationListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/verification/drivers',
    { schema: { querystring: verificationListQuerySchema, response: { 200: verificationDriverPageSchema } } },
    (request) => listDriversForVerification(app.db, requireUser(request), app.config.JWT_SECRET, request.query),
  );
};
