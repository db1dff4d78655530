import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deliverySettingsSchema, deliverySettingsViewSchema } from '@shared/admin/delivery.js';
import { changeDeliverySettings, readDeliverySettings } from './deliverySettings.js';

/**
 * The Settings page's 'Delivery fees' API, registered inside adminRoutes (whose hook lets admins
 * only): GET and PUT /delivery-settings.
 */
export const deliverySettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/delivery-settings', { schema: { response: { 200: deliverySettingsViewSchema } } }, () =>
    readDeliverySettings(app.db),
  );

  app.put(
    '/delivery-settings',
    { schema: { body: deliverySettingsSchema, response: { 200: deliverySettingsViewSchema } } },
    (request) => changeDeliverySettings(app.db, request.body),
  );
};
