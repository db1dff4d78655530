import { count, inArray, like, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.js';
import {
  cashHandIns,
  ledgerEntries,
  ledgerTransactions,
  orders,
  platformSalesDays,
  platformSalesRollup,
  restaurantSalesDays,
  restaurants,
  users,
} from '../schema.js';

/** Every demo account's email ends with this (seed/people.ts, seed/restaurants.ts). */
export const DEMO_EMAIL_DOMAIN = '@demo.chopchop';

const isDemoEmail = like(users.email, `%${DEMO_EMAIL_DOMAIN}`);

export async function countDemoAccounts(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(isDemoEmail);
  return row?.n ?? 0;
}

export interface RemovedDemo {
  accounts: number;
  restaurants: number;
  orders: number;
}

/**
 * The ledger is append-only (its triggers refuse any UPDATE or DELETE, migration 0024_money): only the
 * demo's removal deletes from it, the books of orders and cash that never were. The triggers
 * stay off only inside the caller's transaction; ALTER TABLE needs the tables' owner, the user
 * that migrates them.
 */
async function withLedgerWritable(tx: Tx, work: () => Promise<void>): Promise<void> {
  const toggle = async (state: 'disable' | 'enable') => {
    for (const table of ['ledger_entries', 'ledger_transactions']) {
      await tx.execute(sql.raw(`alter table ${table} ${state} trigger ${table}_append_only`));
    }
  };
  await toggle('disable');
  await work();
  await toggle('enable');
}

/**
 * Deletes the demo accounts, their restaurants (menus, members, sales days go with them) and every
 * order they placed or received, with those orders' ledger postings and the demo riders' cash
 * hand-ins, in one transaction. Payouts stay: their money did move. Orders are otherwise never
 * deleted, so the days already summed from them are summed again: the platform's, and those of
 * any other restaurant a demo customer ordered from.
 */
export async function removeDemo(db: Db): Promise<RemovedDemo> {
  return db.transaction(async (tx) => {
    const demoUsers = tx.select({ id: users.id }).from(users).where(isDemoEmail);
    const demoRestaurants = tx.select({ id: restaurants.id }).from(restaurants).where(inArray(restaurants.ownerId, demoUsers));
    const ofDemo = or(inArray(orders.customerId, demoUsers), inArray(orders.restaurantId, demoRestaurants));

    const resummed = tx.select({ id: orders.restaurantId }).from(orders).where(ofDemo);
    await tx.delete(restaurantSalesDays).where(inArray(restaurantSalesDays.restaurantId, resummed));
    await tx
      .update(restaurants)
      .set({ salesRolledUntil: sql`'-infinity'` })
      .where(inArray(restaurants.id, resummed));
    await tx.delete(platformSalesDays);
    await tx.update(platformSalesRollup).set({ rolledUntil: sql`'-infinity'` });

    const handIns = tx
      .select({ id: cashHandIns.ledgerTransactionId })
      .from(cashHandIns)
      .where(inArray(cashHandIns.riderId, demoUsers));
    const orderPostings = tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(inArray(ledgerTransactions.orderId, tx.select({ id: orders.id }).from(orders).where(ofDemo)));
    const postings = [...(await handIns), ...(await orderPostings)].map((row) => row.id);
    await withLedgerWritable(tx, async () => {
      await tx.delete(cashHandIns).where(inArray(cashHandIns.riderId, demoUsers));
      await tx.delete(ledgerEntries).where(inArray(ledgerEntries.transactionId, postings));
      await tx.delete(ledgerTransactions).where(inArray(ledgerTransactions.id, postings));
    });

    const removedOrders = await tx.delete(orders).where(ofDemo).returning({ id: orders.id });
    const removedRestaurants = await tx
      .delete(restaurants)
      .where(inArray(restaurants.id, demoRestaurants))
      .returning({ id: restaurants.id });
    const removedAccounts = await tx.delete(users).where(isDemoEmail).returning({ id: users.id });
    return { accounts: removedAccounts.length, restaurants: removedRestaurants.length, orders: removedOrders.length };
  });
}
