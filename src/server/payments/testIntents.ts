import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/client.js';
import { checkoutIntents } from '../db/schema.js';
import { INTENT_LIFETIME_MS } from './service.js';

/**
 * A pending card intent of `customerId` for one dish, written straight to the database (for tests
 * whose app has no Paystack to initialize with); returns its reference.
 */
export async function insertPendingIntent(
  db: Queryable,
  intent: { customerId: string; restaurantId: string; menuItemId: string; amount?: number },
): Promise<string> {
  const reference = `chop-${randomBytes(20).toString('hex')}`;
  const amount = intent.amount ?? 2500;
  await db.insert(checkoutIntents).values({
    reference,
    customerId: intent.customerId,
    restaurantId: intent.restaurantId,
    amount,
    currency: 'GHS',
    expiresAt: new Date(Date.now() + INTENT_LIFETIME_MS),
    payload: {
      deliveryAddress: '7 Spintex Road, Accra',
      deliveryPhone: '+233 24 555 0102',
      deliveryLatitude: null,
      deliveryLongitude: null,
      notes: null,
      currencySymbol: 'GH₵',
      commissionBps: 1000,
      commissionAmount: Math.floor((amount * 1000 + 5000) / 10000),
      restaurantLatitude: null,
      restaurantLongitude: null,
      lines: [{ menuItemId: intent.menuItemId, name: 'Waakye', quantity: 1, price: amount }],
    },
  });
  return reference;
}
