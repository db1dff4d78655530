import { count, inArray, like, or, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { orders, platformSalesDays, platformSalesRollup, restaurantSalesDays, restaurants, users } from '../schema.js';

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
 * Deletes the demo accounts, their restaurants (menus, members, sales days go with them) and every
 * order they placed or received, in one transaction. Orders are otherwise never deleted, so the
 * days already summed from them are summed again: the platform's, and those of any other
 * restaurant a demo customer ordered from.
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

    const removedOrders = await tx.delete(orders).where(ofDemo).returning({ id: orders.id });
    const removedRestaurants = await tx
      .delete(restaurants)
      .where(inArray(restaurants.id, demoRestaurants))
      .returning({ id: restaurants.id });
    const removedAccounts = await tx.delete(users).where(isDemoEmail).returning({ id: users.id });
    return { accounts: removedAccounts.length, restaurants: removedRestaurants.length, orders: removedOrders.length };
  });
}
