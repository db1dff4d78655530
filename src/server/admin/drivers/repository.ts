import { and, eq, not, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { AdminDriversQuery } from '@shared/admin/drivers.js';
import type { Queryable } from '../../db/client.js';
import { afterCursor, cursorMicros, newestFirst } from '../../db/keyset.js';
import { drivers, profiles } from '../../db/schema.js';
import { hasRoom } from '../../dispatch/batchingRepository.js';
import { driverDisabled } from '../../dispatch/repository.js';
import { anyContains, containing } from '../../db/like.js';

/** SQL of Driver Management: every driver's row with their profile. */

const keys = { createdAt: drivers.createdAt, id: drivers.userId };

const selectDrivers = (db: Queryable) =>
  db
    .select({
      id: drivers.userId,
      fullName: profiles.fullName,
      phone: profiles.phone,
      avatarUrl: profiles.avatarUrl,
      isVerified: drivers.isVerified,
      isAvailable: drivers.isAvailable,
      vehicleType: drivers.vehicleType,
      vehicleModel: drivers.vehicleModel,
      vehicleYear: drivers.vehicleYear,
      plateNumber: drivers.plateNumber,
      latitude: drivers.latitude,
      longitude: drivers.longitude,
      lastLocationUpdate: drivers.lastLocationUpdate,
      driversLicenseUrl: drivers.driversLicenseUrl,
      nationalIdUrl: drivers.nationalIdUrl,
      vehicleImageUrl: drivers.vehicleImageUrl,
      createdAt: drivers.createdAt,
      cursorMicros: cursorMicros(keys),
    })
    .from(drivers)
    .innerJoin(profiles, eq(profiles.id, drivers.userId));

export type AdminDriverRow = Awaited<ReturnType<ReturnType<typeof selectDrivers>['limit']>>[number];

/**
 * Drivers support may give an order to: verified, enabled, with room for one more order by the
 * batching rule (none picked up, fewer than allowed), as holdDriverForAssignment
 * (dispatch/driverGate.ts) checks when it is given, with the order's restaurant too.
 */
const assignable = and(eq(drivers.isVerified, true), not(driverDisabled), hasRoom(sql`${drivers.userId}`));

const page = (db: Queryable, query: AdminDriversQuery, match?: SQL) =>
  selectDrivers(db)
    .where(and(match, query.assignable ? assignable : undefined, afterCursor(keys, query.cursor)))
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);

/**
 * The statement of one page of drivers, newest first (limit + 1 rows: see toPage); the
 * benchmark EXPLAINs it. A search is the union of a page of drivers whose name holds the text
 * and a page of those whose plate does, each on one table, so that the planner may take that
 * table's trigram index (rare text) or read the drivers newest first until a page is full.
 */
export const driverRowsStatement = (db: Queryable, query: AdminDriversQuery) => {
  if (!query.q) return page(db, query);
  const pattern = containing(query.q);
  return union(
    page(db, query, anyContains(pattern, profiles.fullName)),
    page(db, query, anyContains(pattern, drivers.plateNumber)),
  )
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);
};

export async function listDriverRows(db: Queryable, query: AdminDriversQuery): Promise<AdminDriverRow[]> {
  return driverRowsStatement(db, query);
}

export async function findDriverRow(db: Queryable, userId: string): Promise<AdminDriverRow | undefined> {
  const [row] = await selectDrivers(db).where(eq(drivers.userId, userId)).limit(1);
  return row;
}
