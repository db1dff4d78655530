import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { restaurantApprovalSchema } from '@shared/admin/approval.js';
import { commissionSettingsSchema, commissionUpdateSchema } from '@shared/admin/commission.js';
import { adminOverviewSchema } from '@shared/admin/overview.js';
import { batchingSettingsSchema } from '@shared/drivers/batching.js';
import { changeBatchingSettings, readBatchingSettings } from '../dispatch/batching.js';
import { requireUser } from '../http/guards.js';
import { changeRestaurantApproval, readRestaurantApproval } from '../restaurants/approval.js';
import { changeCommission, readCommissionSettings } from './commission.js';
import { getAdminOverview } from './overview.js';

/**
 * The Overview and Settings pages' API, registered inside adminRoutes (whose hook lets admins
 * only): GET /overview, GET and PUT /commission, GET and PUT /approval, GET and PUT /batching.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/overview', { schema: { response: { 200: adminOverviewSchema } } }, () => getAdminOverview(app.database));

  app.get('/commission', { schema: { response: { 200: commissionSettingsSchema } } }, () => readCommissionSettings(app.db));

  app.put('/commission', { schema: { body: commissionUpdateSchema, response: { 200: commissionSettingsSchema } } }, (request) =>
    changeCommission(app.db, requireUser(request), request.body.percent),
  );

  app.get('/approval', { schema: { response: { 200: restaurantApprovalSchema } } }, () =>
    readRestaurantApproval(app.db, app.config),
  );

  app.put('/approval', { schema: { body: restaurantApprovalSchema, response: { 200: restaurantApprovalSchema } } }, (request) =>
    changeRestaurantApproval(app.db, request.body),
  );

  app.get('/batching', { schema: { response: { 200: batchingSettingsSchema } } }, () => readBatchingSettings(app.db));

  app.put('/batching', { schema: { body: batchingSettingsSchema, response: { 200: batchingSettingsSchema } } }, (request) =>
    changeBatchingSettings(app.db, request.body),
  );
};
