import { randomUUID } from 'node:crypto';
import { MESSAGES, type Session } from '@shared/auth/schemas.js';
import type { Db, Queryable } from '../db/client.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { deleteSessionSubscriptions } from '../notifications/push/repository.js';
import { claimRefreshToken, findAccount, findRefreshToken, insertRefreshToken, revokeFamily } from './repository.js';
import { announceRevocation } from './revocation.js';
import { REFRESH_TOKEN_TTL_DAYS, hashToken, newOpaqueToken, signAccessToken } from './tokens.js';

/**
 * How long a spent refresh token may be spent again, as GoTrue's reuse interval: two tabs or a
 * retried request refreshing with the same token must not sign the user out.
 */
export const REFRESH_REUSE_SECONDS = 10;

/** A session as issued: the reply's fields plus the refresh token, which travels only in a cookie. */
export interface IssuedSession extends Session {
  refreshToken: string;
}

const refreshExpiry = (now: number) => new Date(now + REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000);

/**
 * Issues an access token and a refresh token for the user. A sign-in starts a new family (the
 * session, named by the access token's sid); a refresh continues the family of the token it
 * spent, so ending the family ends the session on every device that shares it.
 */
export async function startSession(
  db: Queryable,
  secret: string,
  userId: string,
  familyId: string = randomUUID(),
): Promise<IssuedSession> {
  const account = await findAccount(db, userId);
  if (!account) throw unauthorized(MESSAGES.sessionExpired);
  if (account.disabled) throw forbidden(MESSAGES.accountDisabled);
  const now = Date.now();
  const refreshToken = newOpaqueToken();
  await insertRefreshToken(db, { userId, familyId, tokenHash: hashToken(refreshToken), expiresAt: refreshExpiry(now) });
  const access = await signAccessToken(
    secret,
    { userId, role: account.me.role, sessionId: familyId, version: account.tokenVersion },
    now,
  );
  return { accessToken: access.token, refreshToken, expiresAt: access.expiresAt, user: account.me };
}

/**
 * Revokes the family and tells every instance, so its access tokens and sockets end too; the
 * devices subscribed to push messages in it get none any more. One session ends here (a sign-out,
 * a refresh token spent twice, a sign-in replacing this browser's session); all of a user's end in
 * outdateTokens (accountChanges.ts).
 */
async function endFamily(tx: Queryable, familyId: string) {
  await revokeFamily(tx, familyId);
  await deleteSessionSubscriptions(tx, familyId);
  await announceRevocation(tx, { type: 'session', sessionId: familyId });
}

/**
 * Spends the refresh token for a new session in the same family. A token spent again after the
 * reuse interval was copied: the family is revoked, on the thief's device and the owner's.
 */
export async function refreshSession(db: Db, secret: string, refreshToken: string): Promise<IssuedSession> {
  const tokenHash = hashToken(refreshToken);
  const session = await db.transaction(async (tx) => {
    const claimed = await claimRefreshToken(tx, tokenHash, REFRESH_REUSE_SECONDS);
    return claimed ? startSession(tx, secret, claimed.userId, claimed.familyId) : undefined;
  });
  if (session) return session;

  const known = await findRefreshToken(db, tokenHash);
  if (known?.userDisabled) throw forbidden(MESSAGES.accountDisabled);
  if (known?.usedAt && !known.revokedAt) await db.transaction((tx) => endFamily(tx, known.familyId));
  throw unauthorized(MESSAGES.sessionExpired);
}

/** Ends a session by its id (the `sid` of its access tokens); an ended one is fine. */
export async function endSessionById(db: Db, sessionId: string): Promise<void> {
  await db.transaction((tx) => endFamily(tx, sessionId));
}

/** Ends the session the refresh token belongs to; unknown or already ended tokens are fine. */
export async function endSession(db: Db, refreshToken: string): Promise<void> {
  const known = await findRefreshToken(db, hashToken(refreshToken));
  if (known && !known.revokedAt) await db.transaction((tx) => endFamily(tx, known.familyId));
}
