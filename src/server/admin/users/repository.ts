import { and, eq, isNull, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { AdminUsersQuery } from '@shared/admin/users.js';
import type { Queryable } from '../../db/client.js';
import { afterCursor, cursorMicros, newestFirst } from '../../db/keyset.js';
import { drivers, profiles, userRoles, users } from '../../db/schema.js';
import { anyContains, containing } from '../../db/like.js';

/** SQL of User Management: every account with its profile and role, and the admins' locks. */

const keys = { createdAt: users.createdAt, id: users.id };

const userColumns = {
  id: users.id,
  email: users.email,
  createdAt: users.createdAt,
  disabledAt: users.disabledAt,
  fullName: profiles.fullName,
  phone: profiles.phone,
  avatarUrl: profiles.avatarUrl,
  role: userRoles.role,
};

const selectUsers = (db: Queryable) =>
  db
    .select({ ...userColumns, cursorMicros: cursorMicros(keys) })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .leftJoin(userRoles, eq(userRoles.userId, users.id));

export type AdminUserRow = Awaited<ReturnType<ReturnType<typeof selectUsers>['limit']>>[number];

const page = (db: Queryable, query: AdminUsersQuery, match?: SQL) =>
  selectUsers(db)
    .where(and(query.role ? eq(userRoles.role, query.role) : undefined, match, afterCursor(keys, query.cursor)))
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);

/**
 * The statement of one page of accounts, newest first (limit + 1 rows: see toPage); the
 * benchmark EXPLAINs it. A search is the union of a page of accounts whose name or phone holds
 * the text and a page of those whose email does, each on one table, so that the planner may
 * take the trigram indexes of that table (rare text) or read the accounts newest first until a
 * page is full (common or short text, which trigrams cannot narrow).
 */
export const userRowsStatement = (db: Queryable, query: AdminUsersQuery) => {
  if (!query.q) return page(db, query);
  const pattern = containing(query.q);
  return union(
    page(db, query, anyContains(pattern, profiles.fullName, profiles.phone)),
    page(db, query, anyContains(pattern, users.email)),
  )
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);
};

export async function listUserRows(db: Queryable, query: AdminUsersQuery): Promise<AdminUserRow[]> {
  return userRowsStatement(db, query);
}

export async function findUserRow(db: Queryable, userId: string): Promise<AdminUserRow | undefined> {
  const [row] = await selectUsers(db).where(eq(users.id, userId)).limit(1);
  return row;
}

/**
 * Locks the role rows (and account rows) of every active admin, always in the same order, and
 * returns their ids. A transaction that demotes or disables an admin holds these locks until it
 * commits, so a second one waits, then sees the admins that remain: two admins removing each
 * other at once cannot both pass the last-admin check.
 */
export async function lockActiveAdmins(db: Queryable): Promise<string[]> {
  const rows = await db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, 'admin'), isNull(users.disabledAt)))
    .orderBy(userRoles.userId)
    .for('update');
  return rows.map((row) => row.userId);
}

/** Whether the user has a driver's row (vehicle and documents), which the driver role needs. */
export async function hasDriverRow(db: Queryable, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: drivers.userId }).from(drivers).where(eq(drivers.userId, userId)).limit(1);
  return row !== undefined;
}
