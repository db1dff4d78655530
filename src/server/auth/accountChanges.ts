import type { Role } from '@shared/auth/roles.js';
import type { Db, Queryable } from '../db/client.js';
import { notFound } from '../http/errors.js';
import { deleteUserSubscriptions } from '../notifications/push/repository.js';
import { bumpTokenVersion, revokeUserTokens, setDisabledAt, setRole } from './repository.js';
import { announceRevocation } from './revocation.js';

/**
 * Refuses every access token the user holds, on every instance, from the commit of `tx` on.
 * With `endSessions` their refresh tokens are revoked too, so they must sign in again, and their
 * devices get no push messages until they do; without, their next refresh gives a token that
 * states who they are now.
 */
export async function outdateTokens(tx: Queryable, userId: string, { endSessions }: { endSessions: boolean }) {
  const version = await bumpTokenVersion(tx, userId);
  if (version === undefined) throw notFound('No such account');
  if (endSessions) {
    await revokeUserTokens(tx, userId);
    await deleteUserSubscriptions(tx, userId);
  }
  await announceRevocation(tx, { type: 'user', userId, version, ended: endSessions });
}

/**
 * Gives the user another role in the caller's transaction; they stay signed in and their next
 * token carries it. This is the account's side of a role change only: the platform changes roles
 * through admin/roleChanges.ts, which also settles what other domains hold for the old role.
 */
export async function changeRoleIn(tx: Queryable, userId: string, role: Role): Promise<void> {
  await outdateTokens(tx, userId, { endSessions: false });
  await setRole(tx, userId, role);
}

/** setAccountDisabled inside the caller's transaction. */
export async function setAccountDisabledIn(tx: Queryable, userId: string, disabled: boolean): Promise<void> {
  if (disabled) await outdateTokens(tx, userId, { endSessions: true });
  await setDisabledAt(tx, userId, disabled);
}

/** A disabled account is signed out everywhere and may neither sign in nor refresh until enabled again. */
export async function setAccountDisabled(db: Db, userId: string, disabled: boolean): Promise<void> {
  await db.transaction((tx) => setAccountDisabledIn(tx, userId, disabled));
}
