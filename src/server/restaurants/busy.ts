import type { BusyView } from '@shared/restaurants/busy.js';
import { RESTAURANT_MESSAGES } from '@shared/restaurants/schemas.js';
import type { AuthUser } from '../core/identity.js';
import type { Db } from '../db/client.js';
import { notFound } from '../http/errors.js';
import { setBusyMinutes } from './busyRepository.js';
import { kitchenRestaurant } from './service.js';

async function changeBusy(db: Db, user: AuthUser, restaurantId: string, minutes: number): Promise<BusyView> {
  await kitchenRestaurant(db, user, restaurantId);
  const busyMinutes = await setBusyMinutes(db, restaurantId, minutes);
  if (busyMinutes === undefined) throw notFound(RESTAURANT_MESSAGES.notFound);
  return { busyMinutes };
}

/**
 * Marks the kitchen busy: new orders are timed with `minutes` more preparation (checkout writes
 * them into the order, the cards and menu add them to their estimate). The change reaches every
 * instance's catalog and kept kitchens through the restaurant row's triggers.
 */
export const markKitchenBusy = (db: Db, user: AuthUser, restaurantId: string, minutes: number): Promise<BusyView> =>
  changeBusy(db, user, restaurantId, minutes);

/** Back to the kitchen's usual preparation time. */
export const clearKitchenBusy = (db: Db, user: AuthUser, restaurantId: string): Promise<BusyView> =>
  changeBusy(db, user, restaurantId, 0);
