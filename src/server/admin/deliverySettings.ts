import {
  deliveryShareBpsToPercent,
  deliverySharePercentToBps,
  type DeliverySettings,
  type DeliverySettingsView,
} from '@shared/admin/delivery.js';
import type { Db, Queryable } from '../db/client.js';
import { readDeliveryTerms } from '../orders/deliveryPricingRepository.js';
import {
  lockDeliverySettings,
  readCashLimits,
  replaceDeliveryPricing,
  writeDeliveryFactors,
} from './deliverySettingsRepository.js';

/**
 * The delivery settings of admin Settings (decision 022). Checkout reads them when it prices an
 * order and stores the fee and the platform's share on it, so a change applies to orders placed
 * after it commits; orders placed before keep their own.
 */

/** The settings with each currency's cash limit (issue 22 item 4), which checkout and browsers do not need. */
export async function readDeliverySettings(db: Queryable): Promise<DeliverySettingsView> {
  // One after the other: in a transaction both reads share its one connection.
  const terms = await readDeliveryTerms(db);
  const cashLimits = await readCashLimits(db);
  return {
    roadFactorPercent: terms.roadFactorPercent,
    deliverySharePercent: deliveryShareBpsToPercent(terms.deliveryShareBps),
    currencies: terms.currencies.map((pricing) => ({ ...pricing, cashLimit: cashLimits.get(pricing.currencySymbol) ?? null })),
  };
}

/**
 * Replaces the settings with these (checked by the shared schema): the road factor, the share and
 * every currency's pricing, a currency left out losing its row, all in one transaction, so a
 * checkout sees the old settings or the new ones, never a mix. The settings row is locked first,
 * as a commission change locks it: of two admins saving at once, the second waits and its
 * settings are the ones that stay, whole.
 */
export async function changeDeliverySettings(db: Db, settings: DeliverySettings): Promise<DeliverySettingsView> {
  return db.transaction(async (tx) => {
    await lockDeliverySettings(tx);
    await writeDeliveryFactors(tx, {
      roadFactorPercent: settings.roadFactorPercent,
      deliveryShareBps: deliverySharePercentToBps(settings.deliverySharePercent),
    });
    await replaceDeliveryPricing(tx, settings.currencies);
    return readDeliverySettings(tx);
  });
}
