import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idCheckParamsSchema, idCheckResultSchema } from '@shared/verification/schemas.js';
import { requireUser } from '../http/guards.js';
import { IdChecker } from './idChecker.js';
import { checkDriverId } from './service.js';

/**
 * POST /drivers/:id/verify-id, mounted inside the admin routes (which admit admins only). The
 * checker's worker thread starts with the first check and ends when the app closes.
 */
export const idCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  const checker = new IdChecker();
  app.addHook('onClose', () => checker.close());

  app.post(
    '/drivers/:id/verify-id',
    { schema: { params: idCheckParamsSchema, response: { 200: idCheckResultSchema } } },
    (request) =>
      checkDriverId(
        { db: app.db, storage: app.storage, checker, timeoutMs: app.config.ID_CHECK_TIMEOUT_SECONDS * 1000, log: request.log },
        requireUser(request),
        request.params.id,
      ),
  );
};
