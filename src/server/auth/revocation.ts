import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../db/client.js';
import { ACCESS_TOKEN_TTL_SECONDS, type AccessClaims } from './tokens.js';

/** The channel every instance LISTENs on; the users delete trigger (migration 0003_announce_user_deleted) notifies it too. */
export const AUTH_CHANNEL = 'auth';

/**
 * What ended: one session (a refresh-token family), or every token of a user issued before
 * `version`. `ended` says the account itself is gone or disabled, not just out of date.
 */
const revocationSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('session'), sessionId: z.string() }),
  z.object({ type: z.literal('user'), userId: z.string(), version: z.number().int(), ended: z.boolean() }),
]);
export type Revocation = z.infer<typeof revocationSchema>;

/**
 * Tells every instance, inside the revoking transaction: PostgreSQL delivers the notification
 * if and only if that transaction commits. Revocations are rare, so holding the NOTIFY lock
 * until commit costs nothing worth batching for (compare docs/decisions/006-events-after-commit.md).
 */
export async function announceRevocation(tx: Queryable, revocation: Revocation): Promise<void> {
  await tx.execute(sql`select pg_notify(${AUTH_CHANNEL}, ${JSON.stringify(revocation)})`);
}

export function parseRevocation(payload: string): Revocation | null {
  try {
    const parsed = revocationSchema.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A token issued before a revocation expires within one access-token lifetime; after that the entry is useless. */
const KEEP_MS = ACCESS_TOKEN_TTL_SECONDS * 1000;

type RevocationListener = (revocation: Revocation) => void;

/**
 * The revocations this instance has heard of in the last access-token lifetime: ended sessions
 * and the lowest token version each user's tokens must carry. Consulted on every request, so a
 * token verified earlier (and cached) is refused as soon as the news arrives, without asking
 * the database.
 */
export class RevocationRegistry {
  private readonly endedSessions = new Map<string, number>();
  private readonly minimumVersions = new Map<string, { version: number; until: number }>();
  private readonly listeners = new Set<RevocationListener>();
  private readonly missedListeners = new Set<() => void>();
  private hearing = false;

  /**
   * Whether revocations reach this instance now: its listening connection holds. Until it first
   * does and while it is lost, tokens are checked against the database on every use.
   */
  get listening(): boolean {
    return this.hearing;
  }

  record(revocation: Revocation, now = Date.now()): void {
    this.forgetExpired(now);
    if (revocation.type === 'session') {
      this.endedSessions.set(revocation.sessionId, now + KEEP_MS);
    } else {
      const known = this.minimumVersions.get(revocation.userId)?.version ?? 0;
      this.minimumVersions.set(revocation.userId, { version: Math.max(known, revocation.version), until: now + KEEP_MS });
    }
    for (const listener of this.listeners) listener(revocation);
  }

  allows(claims: AccessClaims): boolean {
    if (this.endedSessions.has(claims.sessionId)) return false;
    const minimum = this.minimumVersions.get(claims.userId);
    return !minimum || claims.version >= minimum.version;
  }

  /** Calls listener with every revocation recorded from now on; returns a function that stops it. */
  onRevocation(listener: RevocationListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls listener whenever revocations may have gone unheard (the listening connection was down). */
  onMissed(listener: () => void): () => void {
    this.missedListeners.add(listener);
    return () => this.missedListeners.delete(listener);
  }

  /** The listening connection is lost: revocations go unheard until listenerBack(). */
  listenerLost(): void {
    this.hearing = false;
  }

  /**
   * The listening connection holds (at start or after a loss). Revocations may have gone unheard
   * before, so whoever holds verified tokens checks them again.
   */
  listenerBack(): void {
    this.hearing = true;
    for (const listener of this.missedListeners) listener();
  }

  private forgetExpired(now: number): void {
    for (const [sessionId, until] of this.endedSessions) if (until <= now) this.endedSessions.delete(sessionId);
    for (const [userId, entry] of this.minimumVersions) if (entry.until <= now) this.minimumVersions.delete(userId);
  }
}
