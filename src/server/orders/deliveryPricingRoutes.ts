import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deliveryPricingListSchema, type DeliveryPricingList } from '@shared/delivery/fees.js';
import type { Queryable } from '../db/client.js';
import { readDeliveryTerms } from './deliveryPricingRepository.js';

/** What browsers need to price a delivery themselves (restaurant cards, the cart): everything but the platform's share. */
async function readDeliveryPricingList(db: Queryable): Promise<DeliveryPricingList> {
  const { roadFactorPercent, currencies } = await readDeliveryTerms(db);
  return { roadFactorPercent, currencies };
}

/**
 * Delivery pricing, mounted at /api/delivery: GET /pricing, public. Read from the database each
 * time (two point reads): the public cache (decision 012) drops entries on the catalog triggers of
 * restaurants and menus, and delivery_pricing and commission_settings have none.
 */
export const deliveryPricingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/pricing', { schema: { response: { 200: deliveryPricingListSchema } } }, () => readDeliveryPricingList(app.db));
};
