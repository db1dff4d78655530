import type { Role } from '@shared/auth/roles.js';
import { changeRoleIn } from '../auth/accountChanges.js';
import type { Db, Queryable } from '../db/client.js';
import { deleteUserMemberships } from '../restaurants/membersRepository.js';

/**
 * A role change as the platform makes it, in the caller's transaction (for callers that judge the
 * change under locks of their own): the account's side (auth), and a user who stops being a
 * manager leaves every restaurant they managed, so that being made a manager again later does not
 * silently give them back the old ones.
 */
export async function giveRoleIn(tx: Queryable, userId: string, role: Role): Promise<void> {
  await changeRoleIn(tx, userId, role);
  if (role !== 'manager') await deleteUserMemberships(tx, userId);
}

/** giveRoleIn in a transaction of its own: the user stays signed in and their next token carries the role. */
export async function giveRole(db: Db, userId: string, role: Role): Promise<void> {
  await db.transaction((tx) => giveRoleIn(tx, userId, role));
}
