import { RESTAURANT_MESSAGES, type OwnRestaurant, type PublicRestaurant } from '@shared/restaurants/schemas.js';
import type { AuthUser } from '../core/identity.js';
import type { Db } from '../db/client.js';
import { notFound } from '../http/errors.js';
import { findActiveRestaurant, findOwnedRestaurant, listActiveRestaurants } from './repository.js';

/** Active restaurants, newest first. Inactive ones do not exist for the public. */
export const listPublicRestaurants = (db: Db): Promise<PublicRestaurant[]> => listActiveRestaurants(db);

export async function getPublicRestaurant(db: Db, id: string): Promise<PublicRestaurant> {
  const restaurant = await findActiveRestaurant(db, id);
  if (!restaurant) throw notFound(RESTAURANT_MESSAGES.notFound);
  return restaurant;
}

/** The owner's restaurant, whether or not it is active; 'No restaurant found' before setup. */
export async function getOwnRestaurant(db: Db, owner: AuthUser): Promise<OwnRestaurant> {
  const restaurant = await findOwnedRestaurant(db, owner.userId);
  if (!restaurant) throw notFound(RESTAURANT_MESSAGES.noneYet);
  return restaurant;
}
