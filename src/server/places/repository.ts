import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { SavePlace } from '@shared/places/schemas.js';
import type { Queryable } from '../db/client.js';
import { savedPlaces, users } from '../db/schema.js';

const placeColumns = {
  id: savedPlaces.id,
  label: savedPlaces.label,
  address: savedPlaces.address,
  latitude: savedPlaces.latitude,
  longitude: savedPlaces.longitude,
  landmark: savedPlaces.landmark,
  gpsCode: savedPlaces.gpsCode,
  usedAt: savedPlaces.usedAt,
};
export type SavedPlaceRow = Awaited<ReturnType<typeof listPlaceRows>>[number];

const ownPlace = (userId: string, placeId: string) => and(eq(savedPlaces.id, placeId), eq(savedPlaces.userId, userId));

/** The customer's places, most recently used first. */
export function listPlaceRows(db: Queryable, userId: string) {
  return db
    .select(placeColumns)
    .from(savedPlaces)
    .where(eq(savedPlaces.userId, userId))
    .orderBy(desc(savedPlaces.usedAt), desc(savedPlaces.createdAt));
}

/** Holds the customer's row until the transaction ends, so that two saves at once count and compare labels one after the other. */
export async function lockPlacesOf(db: Queryable, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** How many places the customer keeps, and whether one of them already has this label in any letter case. */
export async function countPlacesAndLabel(db: Queryable, userId: string, label: string) {
  const [row] = await db
    .select({
      places: count(),
      labelTaken: sql<boolean>`coalesce(bool_or(lower(${savedPlaces.label}) = lower(${label})), false)`,
    })
    .from(savedPlaces)
    .where(eq(savedPlaces.userId, userId));
  return { places: row?.places ?? 0, labelTaken: row?.labelTaken ?? false };
}

export async function insertPlace(db: Queryable, userId: string, place: SavePlace): Promise<SavedPlaceRow> {
  const [row] = await db
    .insert(savedPlaces)
    .values({
      userId,
      label: place.label,
      address: place.address,
      latitude: place.latitude,
      longitude: place.longitude,
      landmark: place.landmark ?? null,
      gpsCode: place.gpsCode ?? null,
    })
    .returning(placeColumns);
  return row!;
}

/** Marks the customer's place as just chosen; undefined when they have no such place. */
export async function touchPlace(db: Queryable, userId: string, placeId: string): Promise<SavedPlaceRow | undefined> {
  const [row] = await db
    .update(savedPlaces)
    .set({ usedAt: sql`now()` })
    .where(ownPlace(userId, placeId))
    .returning(placeColumns);
  return row;
}

/** Deletes the customer's place; false when they have no such place. */
export async function deletePlace(db: Queryable, userId: string, placeId: string): Promise<boolean> {
  const rows = await db.delete(savedPlaces).where(ownPlace(userId, placeId)).returning({ id: savedPlaces.id });
  return rows.length > 0;
}
