import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Me } from '@shared/auth/schemas.js';
import type { Role } from '@shared/auth/roles.js';
import type { Queryable } from '../db/client.js';
import { drivers, passwordResets, profiles, refreshTokens, userRoles, users } from '../db/schema.js';

/** SQL of the auth domain: users, profiles, roles, refresh tokens and password resets. */

export async function findUserByEmail(db: Queryable, email: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

/** The new user's id, or undefined when the email is already taken. */
export async function insertUser(db: Queryable, email: string, passwordHash: string): Promise<string | undefined> {
  const [row] = await db
    .insert(users)
    .values({ email, passwordHash })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return row?.id;
}

export async function insertProfile(
  db: Queryable,
  profile: { userId: string; fullName: string; phone: string; avatarUrl?: string | null },
) {
  await db.insert(profiles).values({
    id: profile.userId,
    fullName: profile.fullName,
    phone: profile.phone,
    avatarUrl: profile.avatarUrl ?? null,
  });
}

export async function setRole(db: Queryable, userId: string, role: Role) {
  await db.insert(userRoles).values({ userId, role }).onConflictDoUpdate({ target: userRoles.userId, set: { role } });
}

export type NewDriver = typeof drivers.$inferInsert;

export async function insertDriver(db: Queryable, driver: NewDriver) {
  await db.insert(drivers).values(driver);
}

export async function findRole(db: Queryable, userId: string): Promise<Role | null> {
  const [row] = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).limit(1);
  return row?.role ?? null;
}

export async function findMe(db: Queryable, userId: string): Promise<Me | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      role: userRoles.role,
      fullName: profiles.fullName,
      phone: profiles.phone,
      avatarUrl: profiles.avatarUrl,
    })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    role: row.role ?? null,
    profile: { fullName: row.fullName ?? '', phone: row.phone ?? '', avatarUrl: row.avatarUrl ?? null },
    createdAt: row.createdAt.toISOString(),
  };
}

export async function updatePasswordHash(db: Queryable, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function insertRefreshToken(
  db: Queryable,
  token: { userId: string; familyId: string; tokenHash: string; expiresAt: Date },
) {
  await db.insert(refreshTokens).values(token);
}

/**
 * Marks a live refresh token used and returns its owner; undefined when the token is unknown,
 * spent, revoked or expired. The conditional UPDATE lets only one of two racing refreshes win.
 */
export async function claimRefreshToken(db: Queryable, tokenHash: string) {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        isNull(refreshTokens.usedAt),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
  return row;
}

export async function findRefreshToken(db: Queryable, tokenHash: string) {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt, revokedAt: refreshTokens.revokedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function revokeFamily(db: Queryable, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeUserTokens(db: Queryable, userId: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function insertPasswordReset(db: Queryable, reset: { userId: string; tokenHash: string; expiresAt: Date }) {
  await db.insert(passwordResets).values(reset);
}

const liveReset = (tokenHash: string) =>
  and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`));

export async function findLiveReset(db: Queryable, tokenHash: string) {
  const [row] = await db
    .select({ userId: passwordResets.userId })
    .from(passwordResets)
    .where(liveReset(tokenHash))
    .limit(1);
  return row;
}

/** Spends a live reset token; undefined when it is unknown, used or expired (or another request won). */
export async function claimReset(db: Queryable, tokenHash: string) {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(liveReset(tokenHash))
    .returning({ userId: passwordResets.userId });
  return row;
}

/** After a successful reset, every other link the user was sent stops working too. */
export async function spendUserResets(db: Queryable, userId: string) {
  await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}
