import { and, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { pushSubscriptions, refreshTokens } from '../../db/schema.js';

/** SQL of web push: the devices (push_subscriptions) each user allowed push messages on, one per endpoint. */

export interface NewPushSubscription {
  userId: string;
  sessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The devices one user keeps: a phone, a tablet, a few browsers, never a flood the push job would fan out to. */
export const MAX_DEVICES_PER_USER = 10;

/**
 * Keeps a device's subscription, in one transaction with dropping the user's oldest beyond
 * MAX_DEVICES_PER_USER. An endpoint is one browser profile's: registered again, it belongs to
 * whoever registered it last, in their session, with the keys it has now, and counts as new.
 */
export async function saveSubscription(db: Db, subscription: NewPushSubscription): Promise<void> {
  const { userId, sessionId, p256dh, auth } = subscription;
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values(subscription)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, sessionId, p256dh, auth, createdAt: sql`now()` },
      });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_DEVICES_PER_USER);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
  });
}

/** Removes the user's own subscription of this endpoint; another user's is left alone. */
export async function deleteOwnSubscription(db: Queryable, userId: string, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** A session ended (signed out, its refresh token reused): its devices get nothing more. */
export async function deleteSessionSubscriptions(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
}

/** Every session of the user ended (a password reset, a disabled account). */
export async function deleteUserSubscriptions(db: Queryable, userId: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

export async function deleteSubscription(db: Queryable, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** Of these users, those with at least one device to push to. */
export async function usersWithSubscriptions(db: Queryable, userIds: readonly string[]): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]));
  return rows.map((row) => row.userId);
}

/**
 * A session that is still live: a refresh token of its family neither revoked nor expired. One
 * that ran out unused (30 days) ends without a sign-out, so no code path removes its devices.
 */
const sessionLive = sql`exists (select 1 from ${refreshTokens}
  where ${refreshTokens.familyId} = ${pushSubscriptions.sessionId} and ${refreshTokens.userId} = ${pushSubscriptions.userId}
    and ${isNull(refreshTokens.revokedAt)} and ${refreshTokens.expiresAt} > now())`;

/** The user's devices whose sessions are live, after removing those whose sessions ended without a sign-out. */
export async function liveSubscriptionsOf(db: Queryable, userId: string) {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), sql`not ${sessionLive}`));
  return db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}
