import { MAX_SAVED_PLACES, SAVED_PLACE_MESSAGES, type SavePlace, type SavedPlace } from '@shared/places/schemas.js';
import type { AuthUser } from '../core/identity.js';
import type { Db, Queryable } from '../db/client.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import {
  countPlacesAndLabel,
  deletePlace,
  insertPlace,
  listPlaceRows,
  lockPlacesOf,
  touchPlace,
  type SavedPlaceRow,
} from './repository.js';

const toSavedPlace = (row: SavedPlaceRow): SavedPlace => ({ ...row, usedAt: row.usedAt.toISOString() });

/** The customer's saved places, most recently used first. */
export async function listPlaces(db: Queryable, user: AuthUser): Promise<{ places: SavedPlace[] }> {
  return { places: (await listPlaceRows(db, user.userId)).map(toSavedPlace) };
}

/**
 * Saves a place for the customer's next checkouts: 409 when they already have one of that name
 * (in any letter case), 422 once they keep MAX_SAVED_PLACES. Counted and compared with their row
 * locked, so that two saves at once cannot pass the limit nor the label between them.
 */
export function savePlace(db: Db, user: AuthUser, place: SavePlace): Promise<SavedPlace> {
  return db.transaction(async (tx) => {
    await lockPlacesOf(tx, user.userId);
    const kept = await countPlacesAndLabel(tx, user.userId, place.label);
    if (kept.labelTaken) throw conflict(SAVED_PLACE_MESSAGES.duplicateLabel(place.label));
    if (kept.places >= MAX_SAVED_PLACES) throw unprocessable(SAVED_PLACE_MESSAGES.tooMany);
    return toSavedPlace(await insertPlace(tx, user.userId, place));
  });
}

/** The place was chosen at a checkout: it comes first next time. Another customer's place, or none, is 404. */
export async function markPlaceUsed(db: Queryable, user: AuthUser, placeId: string): Promise<SavedPlace> {
  const row = await touchPlace(db, user.userId, placeId);
  if (!row) throw notFound(SAVED_PLACE_MESSAGES.notFound);
  return toSavedPlace(row);
}

export async function forgetPlace(db: Queryable, user: AuthUser, placeId: string): Promise<void> {
  if (!(await deletePlace(db, user.userId, placeId))) throw notFound(SAVED_PLACE_MESSAGES.notFound);
}
