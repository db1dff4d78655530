import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Me } from '@shared/auth/schemas.js';
import type { Role } from '@shared/auth/roles.js';
import type { Queryable } from '../db/client.js';
import { drivers, passwordResets, profiles, refreshTokens, userRoles, users } from '../db/schema.js';

/** SQL of the auth domain: users, profiles, roles, refresh tokens and password resets. */

export async function findUserByEmail(db: Queryable, email: string) {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, disabled: sql<boolean>`${users.disabledAt} is not null` })
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

const meColumns = {
  id: users.id,
  email: users.email,
  createdAt: users.createdAt,
  role: userRoles.role,
  fullName: profiles.fullName,
  phone: profiles.phone,
  avatarUrl: profiles.avatarUrl,
};

function toMe(row: {
  id: string;
  email: string;
  createdAt: Date;
  role: Role | null;
  fullName: string | null;
  phone: string | null;
  avatarUrl: string | null;
}): Me {
  return {
    id: row.id,
    email: row.email,
    role: row.role ?? null,
    profile: { fullName: row.fullName ?? '', phone: row.phone ?? '', avatarUrl: row.avatarUrl ?? null },
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findMe(db: Queryable, userId: string): Promise<Me | undefined> {
  return (await findAccount(db, userId))?.me;
}

/** The user as a session shows them, with what decides whether they may have one. */
export async function findAccount(db: Queryable, userId: string) {
  const [row] = await db
    .select({ ...meColumns, tokenVersion: users.tokenVersion, disabledAt: users.disabledAt })
    .from(users)
    .leftJoin(userRoles, eq(userRoles.userId, users.id))
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row && { me: toMe(row), tokenVersion: row.tokenVersion, disabled: row.disabledAt !== null };
}

/**
 * Whether an access token still holds, in one statement: its user exists, is not disabled, has
 * not had the token version raised since, and its session (refresh-token family) is not revoked.
 */
export async function accessStillHolds(db: Queryable, claims: { userId: string; sessionId: string; version: number }) {
  const [row] = await db
    .select({ userId: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, claims.userId),
        isNull(users.disabledAt),
        eq(users.tokenVersion, claims.version),
        sql`(select bool_and(${refreshTokens.revokedAt} is null) from ${refreshTokens}
             where ${refreshTokens.familyId} = ${claims.sessionId} and ${refreshTokens.userId} = ${users.id})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Raises the user's token version, so every access token issued before is refused; the new version, or undefined for no such user. */
export async function bumpTokenVersion(db: Queryable, userId: string): Promise<number | undefined> {
  const [row] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
    .where(eq(users.id, userId))
    .returning({ version: users.tokenVersion });
  return row?.version;
}

export async function setDisabledAt(db: Queryable, userId: string, disabled: boolean) {
  await db
    .update(users)
    .set({ disabledAt: disabled ? sql`coalesce(${users.disabledAt}, now())` : null })
    .where(eq(users.id, userId));
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
 * Spends a live refresh token and returns its owner and family; undefined when the token is
 * unknown, revoked, expired, or was spent longer than `reuseSeconds` ago. Within that interval
 * a spent token may be spent again (two tabs, a retried request) and yields another token of
 * the same family. One conditional UPDATE, so racing refreshes cannot slip past the interval.
 */
export async function claimRefreshToken(db: Queryable, tokenHash: string, reuseSeconds: number) {
  const [row] = await db
    .update(refreshTokens)
    .set({ usedAt: sql`coalesce(${refreshTokens.usedAt}, now())` })
    .where(
      and(
        eq(refreshTokens.tokenHash, tokenHash),
        or(isNull(refreshTokens.usedAt), gt(refreshTokens.usedAt, sql`now() - make_interval(secs => ${reuseSeconds})`)),
        isNull(refreshTokens.revokedAt),
        gt(refreshTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });
  return row;
}

export async function findRefreshToken(db: Queryable, tokenHash: string) {
  const [row] = await db
    .select({
      familyId: refreshTokens.familyId,
      usedAt: refreshTokens.usedAt,
      revokedAt: refreshTokens.revokedAt,
      userDisabled: sql<boolean>`${users.disabledAt} is not null`,
    })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
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
  const [row] = await db.select({ userId: passwordResets.userId }).from(passwordResets).where(liveReset(tokenHash)).limit(1);
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
