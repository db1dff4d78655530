import { and, eq, sql } from 'drizzle-orm';
import type { AdminDriversQuery } from '@shared/admin/drivers.js';
import type { Queryable } from '../../db/client.js';
import { afterCursor, cursorMicros, newestFirst } from '../../db/keyset.js';
import { drivers, profiles } from '../../db/schema.js';
import { anyContains, containsPattern, narrowsByTrigrams } from '../search.js';

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
 * Drivers whose name or plate holds the text: for three characters or more, the ids the trigram
 * indexes find (profiles_full_name_trgm_idx, drivers_plate_number_trgm_idx); shorter, the list
 * read newest first (drivers_created_idx), each driver tested, until a page is full.
 */
function textFilter(text: string) {
  const pattern = containsPattern(text);
  if (!narrowsByTrigrams(text)) return sql`(${anyContains(pattern, profiles.fullName, drivers.plateNumber)})`;
  return sql`${drivers.userId} in (
    select found.id from ${profiles} found where found.full_name ilike ${pattern}
    union all
    select found.user_id from ${drivers} found where found.plate_number ilike ${pattern})`;
}

/** One page of drivers, newest first (limit + 1 rows: see toPage). */
export async function listDriverRows(db: Queryable, query: AdminDriversQuery): Promise<AdminDriverRow[]> {
  return selectDrivers(db)
    .where(and(query.q ? textFilter(query.q) : undefined, afterCursor(keys, query.cursor)))
    .orderBy(...newestFirst(keys))
    .limit(query.limit + 1);
}

export async function findDriverRow(db: Queryable, userId: string): Promise<AdminDriverRow | undefined> {
  const [row] = await selectDrivers(db).where(eq(drivers.userId, userId)).limit(1);
  return row;
}
