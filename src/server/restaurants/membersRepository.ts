import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { profiles, restaurantMembers, users } from '../db/schema.js';

/** SQL of a restaurant's managers: its restaurant_members rows and the accounts behind them. */

export function listManagers(db: Queryable, restaurantId: string) {
  return db
    .select({ userId: users.id, fullName: profiles.fullName, email: users.email })
    .from(restaurantMembers)
    .innerJoin(users, eq(users.id, restaurantMembers.userId))
    .innerJoin(profiles, eq(profiles.id, users.id))
    .where(eq(restaurantMembers.restaurantId, restaurantId))
    .orderBy(asc(restaurantMembers.createdAt), asc(users.email));
}

/** Whether the membership was new (false: it was there already). */
export async function insertMembership(db: Queryable, restaurantId: string, userId: string): Promise<boolean> {
  const rows = await db
    .insert(restaurantMembers)
    .values({ restaurantId, userId })
    .onConflictDoNothing()
    .returning({ userId: restaurantMembers.userId });
  return rows.length > 0;
}

/** Whether there was such a membership to delete. */
export async function deleteMembership(db: Queryable, restaurantId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(restaurantMembers)
    .where(and(eq(restaurantMembers.restaurantId, restaurantId), eq(restaurantMembers.userId, userId)))
    .returning({ userId: restaurantMembers.userId });
  return rows.length > 0;
}

/** Takes the user off every restaurant they managed. */
export async function deleteUserMemberships(db: Queryable, userId: string): Promise<void> {
  await db.delete(restaurantMembers).where(eq(restaurantMembers.userId, userId));
}
