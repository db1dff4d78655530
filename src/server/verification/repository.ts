import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { IdCheckResult } from '@shared/verification/schemas.js';
import type { Queryable } from '../db/client.js';
import { driverIdChecks, drivers, profiles } from '../db/schema.js';

/** SQL of the driver ID check. */

/** What an ID check of this driver needs: their name, picture, national ID and whether they are verified already. */
export async function findDriverForIdCheck(db: Queryable, driverId: string) {
  const [row] = await db
    .select({
      fullName: profiles.fullName,
      avatarUrl: profiles.avatarUrl,
      nationalIdUrl: drivers.nationalIdUrl,
      isVerified: drivers.isVerified,
    })
    .from(drivers)
    .innerJoin(profiles, eq(profiles.id, drivers.userId))
    .where(eq(drivers.userId, driverId))
    .limit(1);
  return row;
}

/**
 * Records the start of a check of this driver and returns its id, or null while another check of
 * the driver is running (driver_id_checks_running_idx allows one). A running row older than
 * `staleAfterMs` was left by a process that stopped mid-check: it is closed as an error first.
 */
export async function startIdCheck(db: Queryable, driverId: string, runBy: string, staleAfterMs: number): Promise<string | null> {
  await db
    .update(driverIdChecks)
    .set({ status: 'error', reason: 'Abandoned: the server stopped during the check' })
    .where(
      and(
        eq(driverIdChecks.driverId, driverId),
        eq(driverIdChecks.status, 'running'),
        lt(driverIdChecks.runAt, sql`now() - ${staleAfterMs} * interval '1 millisecond'`),
      ),
    );
  const [row] = await db
    .insert(driverIdChecks)
    .values({ driverId, runBy })
    .onConflictDoNothing()
    .returning({ id: driverIdChecks.id });
  return row?.id ?? null;
}

export type IdCheckRecord =
  | {
      status: 'finished';
      verified: boolean;
      confidence: number;
      reason: string;
      extractedName: string | null;
      nameSimilarity: number;
      faceDistance: number | null;
      durationMs: number;
    }
  | { status: 'error'; reason: string; durationMs: number };

/** Closes a running check with its verdict or its error (unless it was meanwhile closed as abandoned). */
export async function finishIdCheck(db: Queryable, checkId: string, record: IdCheckRecord): Promise<void> {
  await db
    .update(driverIdChecks)
    .set(record)
    .where(and(eq(driverIdChecks.id, checkId), eq(driverIdChecks.status, 'running')));
}

/** The latest verdict of each of these drivers that has one, for the verification cards. */
export async function findLatestVerdicts(db: Queryable, driverIds: string[]): Promise<Map<string, IdCheckResult>> {
  if (driverIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([driverIdChecks.driverId], {
      driverId: driverIdChecks.driverId,
      verified: driverIdChecks.verified,
      confidence: driverIdChecks.confidence,
      reason: driverIdChecks.reason,
      extractedName: driverIdChecks.extractedName,
    })
    .from(driverIdChecks)
    .where(and(inArray(driverIdChecks.driverId, driverIds), eq(driverIdChecks.status, 'finished')))
    .orderBy(driverIdChecks.driverId, desc(driverIdChecks.runAt));
  return new Map(
    rows.map((row) => [
      row.driverId,
      {
        verified: row.verified === true,
        confidence: row.confidence ?? 0,
        reason: row.reason ?? '',
        extractedName: row.extractedName,
      },
    ]),
  );
}
