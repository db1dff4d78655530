import { and, count, countDistinct, eq, inArray, isNotNull, isNull, like, notInArray, or, sql } from 'drizzle-orm';
import { setAccountDisabledIn } from '../../auth/accountChanges.js';
import type { Db, Tx } from '../client.js';
import {
  cashHandIns,
  ledgerEntries,
  ledgerTransactions,
  orders,
  payouts,
  platformSalesDays,
  platformSalesRollup,
  restaurantSalesDays,
  restaurants,
  users,
} from '../schema.js';

/** Every demo account's email ends with this (seed/people.ts, seed/restaurants.ts). */
export const DEMO_EMAIL_DOMAIN = '@demo.chopchop';

const isDemoEmail = like(users.email, `%${DEMO_EMAIL_DOMAIN}`);

/** Demo accounts that can still sign in: those remove-demo disabled instead of deleting do not count. */
export async function countDemoAccounts(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(isDemoEmail, isNull(users.disabledAt)));
  return row?.n ?? 0;
}

/** The demo deleted: its accounts, restaurants and orders. */
interface DeletedDemo {
  outcome: 'deleted';
  accounts: number;
  restaurants: number;
  orders: number;
}

/** The demo kept but out of use, because real money moved through it: why, and what was disabled and closed. */
interface RetiredDemo {
  outcome: 'retired';
  accounts: number;
  restaurants: number;
  /** Orders on the ledger with money of both the demo and real accounts, or demo orders paid by card. */
  ordersWithRealMoney: number;
  /** Payouts made to demo riders or restaurants. */
  payoutsToDemo: number;
}

export type RemovedDemo = DeletedDemo | RetiredDemo;

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

/** The demo's accounts, its restaurants and the orders they placed or received, as subqueries of `tx`. */
function demoScope(tx: Tx) {
  const demoUsers = tx.select({ id: users.id }).from(users).where(isDemoEmail);
  const demoRestaurants = tx.select({ id: restaurants.id }).from(restaurants).where(inArray(restaurants.ownerId, demoUsers));
  const ofDemo = or(inArray(orders.customerId, demoUsers), inArray(orders.restaurantId, demoRestaurants));
  return { demoUsers, demoRestaurants, ofDemo, demoOrders: tx.select({ id: orders.id }).from(orders).where(ofDemo) };
}
type DemoScope = ReturnType<typeof demoScope>;

/**
 * Real money in the demo, which deleting it would take off the ledger: demo orders whose postings
 * reach a real rider's or restaurant's account (a real rider delivered one, a demo customer ordered
 * from a real restaurant) or Paystack's (paid by card), real orders whose postings reach a demo
 * account (the demo rider delivered one), and payouts made to demo accounts.
 */
async function realMoney(tx: Tx, { demoUsers, demoRestaurants, demoOrders }: DemoScope) {
  const ownedByDemo = or(inArray(ledgerEntries.ownerId, demoUsers), inArray(ledgerEntries.ownerId, demoRestaurants));
  const ownedByReal = and(
    isNotNull(ledgerEntries.ownerId),
    notInArray(ledgerEntries.ownerId, demoUsers),
    notInArray(ledgerEntries.ownerId, demoRestaurants),
  );
  const ofDemoOrder = inArray(ledgerTransactions.orderId, demoOrders);
  const ofRealOrder = and(isNotNull(ledgerTransactions.orderId), notInArray(ledgerTransactions.orderId, demoOrders));
  const [postings] = await tx
    .select({ orders: countDistinct(ledgerTransactions.orderId) })
    .from(ledgerEntries)
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(or(and(ofDemoOrder, or(eq(ledgerEntries.account, 'paystack'), ownedByReal)), and(ofRealOrder, ownedByDemo)));
  const [paid] = await tx
    .select({ payouts: count() })
    .from(payouts)
    .where(or(inArray(payouts.payeeId, demoUsers), inArray(payouts.payeeId, demoRestaurants)));
  return { ordersWithRealMoney: postings?.orders ?? 0, payoutsToDemo: paid?.payouts ?? 0 };
}

/**
 * Deletes the demo accounts, their restaurants (menus, members, sales days go with them) and every
 * order they placed or received, with those orders' ledger postings and the demo riders' cash
 * hand-ins. Orders are otherwise never deleted, so the days already summed from them are summed
 * again: the platform's, and those of any other restaurant a demo customer ordered from.
 */
async function deleteDemo(tx: Tx, { demoUsers, demoRestaurants, ofDemo, demoOrders }: DemoScope): Promise<DeletedDemo> {
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
    .where(inArray(ledgerTransactions.orderId, demoOrders));
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
  return {
    outcome: 'deleted',
    accounts: removedAccounts.length,
    restaurants: removedRestaurants.length,
    orders: removedOrders.length,
  };
}

/**
 * Disables every demo account as an admin would (signed out everywhere, on every instance; no
 * sign-in or refresh) and closes the demo restaurants to orders.
 */
async function retireDemo(tx: Tx, { demoUsers }: DemoScope) {
  const closed = await tx
    .update(restaurants)
    .set({ isActive: false })
    .where(inArray(restaurants.ownerId, demoUsers))
    .returning({ id: restaurants.id });
  const accounts = await demoUsers;
  for (const { id } of accounts) await setAccountDisabledIn(tx, id, true);
  return { accounts: accounts.length, restaurants: closed.length };
}

/**
 * Takes the demo out of the platform in one transaction. It is deleted (accounts, restaurants,
 * orders, their postings and the demo riders' hand-ins) unless real money moved through it: the
 * ledger never forgets that, and deleting a delivery a real rider was paid for would leave them
 * owing it. Then the demo stays but out of use: its accounts disabled, its restaurants closed.
 */
export async function removeDemo(db: Db): Promise<RemovedDemo> {
  return db.transaction(async (tx) => {
    const scope = demoScope(tx);
    const money = await realMoney(tx, scope);
    if (money.ordersWithRealMoney === 0 && money.payoutsToDemo === 0) return deleteDemo(tx, scope);
    return { outcome: 'retired', ...(await retireDemo(tx, scope)), ...money };
  });
}
