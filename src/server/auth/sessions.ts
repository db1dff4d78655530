import { randomUUID } from 'node:crypto';
import { MESSAGES, type Session } from '@shared/auth/schemas.js';
import type { Db, Queryable } from '../db/client.js';
import { unauthorized } from '../http/errors.js';
import {
  claimRefreshToken,
  findMe,
  findRefreshToken,
  insertRefreshToken,
  revokeFamily,
} from './repository.js';
import { REFRESH_TOKEN_TTL_DAYS, hashToken, newOpaqueToken, signAccessToken } from './tokens.js';

const refreshExpiry = (now: number) => new Date(now + REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000);

/**
 * Issues an access token and a refresh token for the user. A sign-in starts a new family; a
 * refresh continues the family of the token it spent, so reuse of any spent token can end them all.
 */
export async function startSession(
  db: Queryable,
  secret: string,
  userId: string,
  familyId: string = randomUUID(),
): Promise<Session> {
  const user = await findMe(db, userId);
  if (!user) throw unauthorized(MESSAGES.sessionExpired);
  const now = Date.now();
  const refreshToken = newOpaqueToken();
  await insertRefreshToken(db, { userId, familyId, tokenHash: hashToken(refreshToken), expiresAt: refreshExpiry(now) });
  const access = await signAccessToken(secret, { userId, role: user.role }, now);
  return { accessToken: access.token, refreshToken, expiresAt: access.expiresAt, user };
}

/** Spends the refresh token for a new session in the same family. */
export async function refreshSession(db: Db, secret: string, refreshToken: string): Promise<Session> {
  const tokenHash = hashToken(refreshToken);
  const session = await db.transaction(async (tx) => {
    const claimed = await claimRefreshToken(tx, tokenHash);
    return claimed ? startSession(tx, secret, claimed.userId, claimed.familyId) : undefined;
  });
  if (session) return session;

  const known = await findRefreshToken(db, tokenHash);
  if (known?.usedAt && !known.revokedAt) await revokeFamily(db, known.familyId);
  throw unauthorized(MESSAGES.sessionExpired);
}

/** Ends the session the token belongs to; unknown or already ended tokens are fine. */
export async function endSession(db: Db, refreshToken: string): Promise<void> {
  const known = await findRefreshToken(db, hashToken(refreshToken));
  if (known) await revokeFamily(db, known.familyId);
}
