import { and, asc, count, eq, gt, lte, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { restaurantInvitations, restaurants } from '../db/schema.js';

/** SQL of restaurant_invitations: pending invitations of managers, found by their restaurant or their token's hash. */

const now = sql`now()`;
const pendingColumns = {
  id: restaurantInvitations.id,
  email: restaurantInvitations.email,
  expiresAt: restaurantInvitations.expiresAt,
};
const live = gt(restaurantInvitations.expiresAt, now);

/**
 * Locks the restaurant's row until the transaction ends, so that two invitations sent at once
 * count each other's pending rows against the limit.
 */
export async function lockRestaurant(tx: Queryable, restaurantId: string): Promise<void> {
  await tx.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.id, restaurantId)).for('update');
}

/** Expired invitations leave nothing behind: they are deleted wherever they are next met. */
export async function deleteExpiredInvitations(db: Queryable, restaurantId: string): Promise<void> {
  await db
    .delete(restaurantInvitations)
    .where(and(eq(restaurantInvitations.restaurantId, restaurantId), lte(restaurantInvitations.expiresAt, now)));
}

export async function deleteExpiredInvitation(db: Queryable, tokenHash: string): Promise<void> {
  await db
    .delete(restaurantInvitations)
    .where(and(eq(restaurantInvitations.tokenHash, tokenHash), lte(restaurantInvitations.expiresAt, now)));
}

/** Pending invitations of the restaurant to other emails than `email` (whose own is renewed, not added). */
export async function countPendingInvitations(db: Queryable, restaurantId: string, email: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(restaurantInvitations)
    .where(and(eq(restaurantInvitations.restaurantId, restaurantId), ne(restaurantInvitations.email, email), live));
  return row?.n ?? 0;
}

/** A new invitation, or the same email's invitation renewed: a new token (the old link stops working) and a new expiry. */
export async function upsertInvitation(db: Queryable, invitation: typeof restaurantInvitations.$inferInsert) {
  const { tokenHash, invitedBy, expiresAt } = invitation;
  const [row] = await db
    .insert(restaurantInvitations)
    .values(invitation)
    .onConflictDoUpdate({
      target: [restaurantInvitations.restaurantId, restaurantInvitations.email],
      set: { tokenHash, invitedBy, expiresAt, createdAt: now },
    })
    .returning(pendingColumns);
  return row!;
}

export function listPendingInvitations(db: Queryable, restaurantId: string) {
  return db
    .select(pendingColumns)
    .from(restaurantInvitations)
    .where(and(eq(restaurantInvitations.restaurantId, restaurantId), live))
    .orderBy(asc(restaurantInvitations.createdAt), asc(restaurantInvitations.email));
}

/** Whether there was such an invitation of this restaurant to delete. */
export async function deleteInvitation(db: Queryable, restaurantId: string, invitationId: string): Promise<boolean> {
  const rows = await db
    .delete(restaurantInvitations)
    .where(and(eq(restaurantInvitations.restaurantId, restaurantId), eq(restaurantInvitations.id, invitationId)))
    .returning({ id: restaurantInvitations.id });
  return rows.length > 0;
}

/** The live invitation with this token's hash and its restaurant's name, or undefined. */
export async function findInvitation(db: Queryable, tokenHash: string) {
  const [row] = await db
    .select({ email: restaurantInvitations.email, restaurantId: restaurants.id, restaurantName: restaurants.name })
    .from(restaurantInvitations)
    .innerJoin(restaurants, eq(restaurants.id, restaurantInvitations.restaurantId))
    .where(and(eq(restaurantInvitations.tokenHash, tokenHash), live))
    .limit(1);
  return row;
}

/**
 * Deletes the live invitation with this token's hash and returns it: of two acceptances at
 * once, one claims it and the other finds nothing. The caller's transaction rolling back puts it back.
 */
export async function claimInvitation(db: Queryable, tokenHash: string) {
  const [row] = await db
    .delete(restaurantInvitations)
    .where(and(eq(restaurantInvitations.tokenHash, tokenHash), live))
    .returning({ email: restaurantInvitations.email, restaurantId: restaurantInvitations.restaurantId });
  return row;
}
