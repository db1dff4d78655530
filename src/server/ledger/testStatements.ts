import { eq, inArray, sql } from 'drizzle-orm';
import { ledgerEntries, ledgerTransactions, orders } from '../db/schema.js';
import { placeOrder, riderDelivers, type openRestaurant } from '../orders/testOrders.js';
import type { TestUser } from '../test/accounts.js';
import type { TestContext } from '../test/app.js';

/** Test helpers for statements and earnings: orders delivered through the real moves, whose postings a test may then date back. */

export type Kitchen = Awaited<ReturnType<typeof openRestaurant>>;

export interface Delivery {
  /** Waakye (2,500 each). */
  quantity?: number;
  deliveryFee?: number;
  deliveryShare?: number;
  tip?: number;
}

/**
 * A cash order of the customer's at the kitchen, with the delivery money given, taken and picked
 * up by the rider (set directly) and delivered by them with the customer's code through the API:
 * the move posts it on the ledger. Answers the order's id and what each party was credited.
 */
export async function deliverOrder(
  t: TestContext,
  kitchen: Kitchen,
  customer: TestUser,
  rider: TestUser,
  delivery: Delivery = {},
) {
  const order = await placeOrder(t, customer, kitchen, delivery.quantity ?? 1);
  const deliveryFee = delivery.deliveryFee ?? 0;
  const deliveryShare = delivery.deliveryShare ?? 0;
  const tip = delivery.tip ?? 0;
  await t.app.db.update(orders).set({ deliveryFee, deliveryShare, tipAmount: tip }).where(eq(orders.id, order.id));
  await riderDelivers(t, rider, order);
  const [stored] = await t.app.db
    .select({ payout: orders.restaurantPayout, total: orders.totalAmount })
    .from(orders)
    .where(eq(orders.id, order.id));
  if (!stored) throw new Error('deliverOrder: the order is gone');
  return {
    orderId: order.id,
    payout: stored.payout,
    riderEarning: deliveryFee - deliveryShare + tip,
    charge: stored.total + deliveryFee + tip,
  };
}

/**
 * Dates an order's ledger postings back to `at`, as if it had been delivered then. The ledger is
 * append-only, so this runs as a replica (session_replication_role), which the append-only
 * triggers do not fire for: only tests may do it, and before any statement of the same account is
 * read (statementBalances.ts keeps settled sums).
 */
export async function backdatePostings(t: TestContext, orderId: string, at: Date) {
  await t.app.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('session_replication_role', 'replica', true)`);
    const moved = await tx
      .update(ledgerTransactions)
      .set({ createdAt: at })
      .where(eq(ledgerTransactions.orderId, orderId))
      .returning({ id: ledgerTransactions.id });
    if (moved.length === 0) throw new Error(`backdatePostings: order ${orderId} has no postings`);
    await tx
      .update(ledgerEntries)
      .set({ createdAt: at })
      .where(
        inArray(
          ledgerEntries.transactionId,
          moved.map((row) => row.id),
        ),
      );
  });
}
