import { eq } from 'drizzle-orm';
import type { DeliveryPricing } from '@shared/delivery/fees.js';
import { CURRENCY_SYMBOLS } from '@shared/restaurants/currency.js';
import type { Queryable } from '../db/client.js';
import { commissionSettings, deliveryPricing } from '../db/schema.js';

/**
 * What deliveries cost now (decision 022): the road factor and the platform's share of each fee
 * (commission_settings) and every currency's pricing (delivery_pricing). GET /api/delivery/pricing
 * shows the first and the last to browsers; admin Settings shows and changes all three.
 */
export interface DeliveryTerms {
  roadFactorPercent: number;
  deliveryShareBps: number;
  currencies: DeliveryPricing[];
}

/** The currencies in the order of the currency list (₦, $, £ ...): the same on every database, whatever its collation. */
const rank = (symbol: string) => {
  const index = CURRENCY_SYMBOLS.indexOf(symbol as (typeof CURRENCY_SYMBOLS)[number]);
  return index === -1 ? CURRENCY_SYMBOLS.length : index;
};
const byCurrency = (a: DeliveryPricing, b: DeliveryPricing) =>
  rank(a.currencySymbol) - rank(b.currencySymbol) || (a.currencySymbol < b.currencySymbol ? -1 : 1);

export async function readDeliveryTerms(db: Queryable): Promise<DeliveryTerms> {
  const [settings] = await db
    .select({
      roadFactorPercent: commissionSettings.roadFactorPercent,
      deliveryShareBps: commissionSettings.deliveryShareBps,
    })
    .from(commissionSettings)
    .where(eq(commissionSettings.id, 1));
  if (!settings) throw new Error('commission_settings has lost its row');
  const currencies = await db
    .select({
      currencySymbol: deliveryPricing.currencySymbol,
      baseFee: deliveryPricing.baseFee,
      perKmFee: deliveryPricing.perKmFee,
      includedMeters: deliveryPricing.includedMeters,
      maxMeters: deliveryPricing.maxMeters,
    })
    .from(deliveryPricing);
  return { ...settings, currencies: currencies.sort(byCurrency) };
}
