import { RESTAURANT_MESSAGES, type PublicRestaurant } from '@shared/restaurants/schemas.js';
import type { Db } from '../db/client.js';
import { notFound } from '../http/errors.js';
import { findActiveRestaurant, listActiveRestaurants } from './repository.js';

/** Active restaurants, newest first. Inactive ones do not exist for the public. */
export const listPublicRestaurants = (db: Db): Promise<PublicRestaurant[]> => listActiveRestaurants(db);

export async function getPublicRestaurant(db: Db, id: string): Promise<PublicRestaurant> {
  const restaurant = await findActiveRestaurant(db, id);
  if (!restaurant) throw notFound(RESTAURANT_MESSAGES.notFound);
  return restaurant;
}
