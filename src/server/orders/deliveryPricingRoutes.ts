import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deliveryPricingListSchema, type DeliveryPricingList } from '@shared/delivery/fees.js';
import type { Config } from '../config.js';
import type { Queryable } from '../db/client.js';
import { readDeliveryTerms } from './deliveryPricingRepository.js';

/**
 * What browsers need to price a delivery and time it themselves (restaurant cards, the cart):
 * everything but the platform's share, and the riders' average speed.
 */
async function readDeliveryPricingList(
  db: Queryable,
  config: Pick<Config, 'DELIVERY_AVERAGE_SPEED_KMH'>,
): Promise<DeliveryPricingList> {
  const { roadFactorPercent, currencies } = await readDeliveryTerms(db);
  return { roadFactorPercent, averageSpeedKmh: config.DELIVERY_AVERAGE_SPEED_KMH, currencies };
}

/**
 * Delivery pricing, mounted at /api/delivery: GET /pricing, public. Read from the database each
 * time (two point reads): the public cache (decision 012) drops entries on the catalog triggers of
 * restaurants and menus, and delivery_pricing and commission_settings have none.
 */
export const deliveryPricingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/pricing', { schema: { response: { 200: deliveryPricingListSchema } } }, () =>
    readDeliveryPricingList(app.db, app.config),
  );
};
