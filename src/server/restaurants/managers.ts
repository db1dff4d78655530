import { MANAGER_MESSAGES, type Manager } from '@shared/restaurants/managers.js';
import { outdateTokens } from '../auth/accountChanges.js';
import type { AuthUser } from '../core/identity.js';
import type { Db } from '../db/client.js';
import { notFound } from '../http/errors.js';
import { deleteMembership, listManagers } from './membersRepository.js';
import { kitchenRestaurant } from './service.js';

export async function listRestaurantManagers(db: Db, user: AuthUser, restaurantId: string): Promise<Manager[]> {
  await kitchenRestaurant(db, user, restaurantId);
  return listManagers(db, restaurantId);
}

/**
 * Takes a manager off the restaurant. Their tokens are outdated in the same transaction, so
 * every socket they hold closes and re-subscribes through the policy, which now refuses them.
 */
export async function removeManager(db: Db, user: AuthUser, restaurantId: string, managerId: string): Promise<void> {
  await kitchenRestaurant(db, user, restaurantId);
  await db.transaction(async (tx) => {
    if (!(await deleteMembership(tx, restaurantId, managerId))) throw notFound(MANAGER_MESSAGES.notAManager);
    await outdateTokens(tx, managerId, { endSessions: false });
  });
}
