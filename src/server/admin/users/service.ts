import type { Role } from '@shared/auth/roles.js';
import { ADMIN_USER_MESSAGES, type AdminUsersQuery, type AdminUserView } from '@shared/admin/users.js';
import type { Page } from '@shared/paging.js';
import { setAccountDisabledIn } from '../../auth/accountChanges.js';
import { giveRoleIn } from '../roleChanges.js';
import type { AuthUser } from '../../core/identity.js';
import type { Db, Queryable } from '../../db/client.js';
import { toPage } from '../../db/keyset.js';
import { conflict, forbidden, notFound } from '../../http/errors.js';
import { findUserRow, hasDriverRow, listUserRows, lockActiveAdmins, type AdminUserRow } from './repository.js';

/**
 * User Management: the accounts, paged and searched by the server; an admin changes a role
 * (admin/roleChanges.ts) or disables an account through the auth domain's account changes
 * (auth/accountChanges.ts), which outdate the user's tokens in the same transaction. There is always an active admin left.
 */

function toView(row: AdminUserRow): AdminUserView {
  return {
    id: row.id,
    email: row.email,
    fullName: row.fullName ?? '',
    phone: row.phone ?? '',
    avatarUrl: row.avatarUrl ?? null,
    role: row.role ?? null,
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listUsers(db: Queryable, query: AdminUsersQuery): Promise<Page<AdminUserView>> {
  return toPage(await listUserRows(db, query), query.limit, toView);
}

async function viewOf(db: Queryable, userId: string): Promise<AdminUserView> {
  const row = await findUserRow(db, userId);
  if (!row) throw notFound(ADMIN_USER_MESSAGES.notFound);
  return toView(row);
}

/**
 * Refuses to take away the last active admin. The admins' rows are locked first, so the answer
 * holds until the caller's transaction commits (see lockActiveAdmins).
 */
async function keepAnAdmin(tx: Queryable, leavingId: string) {
  const admins = await lockActiveAdmins(tx);
  if (admins.length === 1 && admins[0] === leavingId) throw conflict(ADMIN_USER_MESSAGES.lastAdmin);
}

/**
 * PATCH /api/admin/users/:id/role: the user keeps their sessions and their next token carries
 * the new role (their current one is refused from the commit on). An admin may demote
 * themself, but not the last active admin; the driver role needs the vehicle and documents of
 * a driver's sign-up.
 */
export async function changeUserRole(db: Db, userId: string, role: Role): Promise<AdminUserView> {
  await db.transaction(async (tx) => {
    if (role !== 'admin') await keepAnAdmin(tx, userId);
    const target = await findUserRow(tx, userId);
    if (!target) throw notFound(ADMIN_USER_MESSAGES.notFound);
    if (target.role === role) return;
    if (role === 'driver' && !(await hasDriverRow(tx, userId))) throw conflict(ADMIN_USER_MESSAGES.noDriverRecord);
    await giveRoleIn(tx, userId, role);
  });
  return viewOf(db, userId);
}

/**
 * PATCH /api/admin/users/:id/disabled: a disabled account is signed out everywhere at once and
 * may not sign in until enabled again. An admin may not disable themself, nor the last active admin.
 */
export async function setUserDisabled(db: Db, admin: AuthUser, userId: string, disabled: boolean): Promise<AdminUserView> {
  if (disabled && userId === admin.userId) throw forbidden(ADMIN_USER_MESSAGES.notYourself);
  await db.transaction(async (tx) => {
    if (disabled) await keepAnAdmin(tx, userId);
    const target = await findUserRow(tx, userId);
    if (!target) throw notFound(ADMIN_USER_MESSAGES.notFound);
    if ((target.disabledAt !== null) === disabled) return;
    await setAccountDisabledIn(tx, userId, disabled);
  });
  return viewOf(db, userId);
}
