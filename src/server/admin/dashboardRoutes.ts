import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commissionSettingsSchema, commissionUpdateSchema } from '@shared/admin/commission.js';
import { adminOverviewSchema } from '@shared/admin/overview.js';
import { requireUser } from '../http/guards.js';
import { changeCommission, readCommissionSettings } from './commission.js';
import { getAdminOverview } from './overview.js';

/**
 * The Overview and Settings pages' API, registered inside adminRoutes (whose hook lets admins
 * only): GET /overview, GET and PUT /commission.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/overview', { schema: { response: { 200: adminOverviewSchema } } }, () => getAdminOverview(app.database));

  app.get('/commission', { schema: { response: { 200: commissionSettingsSchema } } }, () => readCommissionSettings(app.db));

  app.put('/commission', { schema: { body: commissionUpdateSchema, response: { 200: commissionSettingsSchema } } }, (request) =>
    changeCommission(app.db, requireUser(request), request.body.percent),
  );
};
