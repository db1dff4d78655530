import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { checkoutIntents } from '../db/schema.js';
import { retryIn } from '../http/rateLimits.js';
import { insertIntent, type NewIntent } from './repository.js';

const tooManyOpen = (after: string) =>
  `You have several card payments waiting to be finished. Please try again in ${after}, or pay cash on delivery.`;

/**
 * Stores a card intent unless its customer already has `maxOpen` open ones (pending, not yet
 * expired): then a 429 says when the oldest of them expires. A lock per customer makes count and
 * insert one step, so a burst of requests cannot all pass the count; each intent stored costs a
 * call to Paystack. Without `maxOpen` (limits off) the intent is simply stored.
 */
export async function insertIntentWithin(db: Db, intent: NewIntent, maxOpen: number | undefined): Promise<void> {
  if (maxOpen === undefined) return insertIntent(db, intent);
  const oldestExpiry = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`card-intents:${intent.customerId}`}, 0))`);
    const [open] = await tx
      .select({ n: count(), oldestExpiry: min(checkoutIntents.expiresAt) })
      .from(checkoutIntents)
      .where(
        and(
          eq(checkoutIntents.customerId, intent.customerId),
          eq(checkoutIntents.status, 'pending'),
          gt(checkoutIntents.expiresAt, sql`now()`),
        ),
      );
    if (open && open.n >= maxOpen) return open.oldestExpiry ?? new Date();
    await insertIntent(tx, intent);
    return undefined;
  });
  if (oldestExpiry) throw retryIn(Math.max(1, Math.ceil((oldestExpiry.getTime() - Date.now()) / 1000)), tooManyOpen);
}
