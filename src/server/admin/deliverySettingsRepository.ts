import { eq, notInArray, sql } from 'drizzle-orm';
import type { DeliveryPricing } from '@shared/delivery/fees.js';
import type { Queryable, Tx } from '../db/client.js';
import { commissionSettings, deliveryPricing } from '../db/schema.js';

/** SQL of the delivery settings' change (deliverySettings.ts says why it is shaped so); the read is orders/deliveryPricingRepository.ts. */

/** Locks the settings row until the transaction ends, so that changes of the delivery settings run one after the other. */
export async function lockDeliverySettings(tx: Tx): Promise<void> {
  const [row] = await tx
    .select({ id: commissionSettings.id })
    .from(commissionSettings)
    .where(eq(commissionSettings.id, 1))
    .for('update');
  if (!row) throw new Error('commission_settings has lost its row');
}

/** Each priced currency's cash limit (issue 22 item 4); a currency whose limit is null has none. */
export async function readCashLimits(db: Queryable): Promise<Map<string, number | null>> {
  const rows = await db
    .select({ currencySymbol: deliveryPricing.currencySymbol, cashLimit: deliveryPricing.cashLimit })
    .from(deliveryPricing);
  return new Map(rows.map((row) => [row.currencySymbol, row.cashLimit]));
}

/** Sets the road factor and the platform's share of delivery fees; the commission and its updated_at stay as they are. */
export async function writeDeliveryFactors(tx: Tx, factors: { roadFactorPercent: number; deliveryShareBps: number }) {
  await tx.update(commissionSettings).set(factors).where(eq(commissionSettings.id, 1));
}

/**
 * Makes delivery_pricing hold exactly these rows: deletes the currencies not among them, inserts
 * the new ones and updates those that changed (updated_at says when a currency's pricing last
 * changed, so a row saved unchanged keeps its time).
 */
export async function replaceDeliveryPricing(tx: Tx, rows: readonly (DeliveryPricing & { cashLimit: number | null })[]) {
  const symbols = rows.map((row) => row.currencySymbol);
  await tx.delete(deliveryPricing).where(symbols.length ? notInArray(deliveryPricing.currencySymbol, symbols) : undefined);
  if (!rows.length) return;
  await tx
    .insert(deliveryPricing)
    .values(rows.map((row) => ({ ...row })))
    .onConflictDoUpdate({
      target: deliveryPricing.currencySymbol,
      set: {
        baseFee: sql`excluded.base_fee`,
        perKmFee: sql`excluded.per_km_fee`,
        includedMeters: sql`excluded.included_meters`,
        maxMeters: sql`excluded.max_meters`,
        cashLimit: sql`excluded.cash_limit`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`(${deliveryPricing.baseFee}, ${deliveryPricing.perKmFee}, ${deliveryPricing.includedMeters}, ${deliveryPricing.maxMeters}, ${deliveryPricing.cashLimit})
        is distinct from (excluded.base_fee, excluded.per_km_fee, excluded.included_meters, excluded.max_meters, excluded.cash_limit)`,
    });
}
