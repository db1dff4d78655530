import { MANAGER_MESSAGES, type AddedManager, type Manager } from '@shared/restaurants/managers.js';
import { outdateTokens } from '../auth/accountChanges.js';
import { NO_PASSWORD_YET, queueSetPasswordLink } from '../auth/passwordReset.js';
import { insertProfile, insertUser, setRole } from '../auth/repository.js';
import type { AuthUser } from '../core/identity.js';
import type { Db, Queryable } from '../db/client.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import type { EmailSender } from '../notifications/emailSender.js';
import type { EmailMessage } from '../notifications/mailer.js';
import { deleteMembership, findAccountByEmail, insertMembership, listManagers } from './membersRepository.js';
import { kitchenRestaurant } from './service.js';

interface ManagerDeps {
  db: Db;
  mailer: EmailSender;
  publicUrl: string;
}

export async function listRestaurantManagers(db: Db, user: AuthUser, restaurantId: string): Promise<Manager[]> {
  await kitchenRestaurant(db, user, restaurantId);
  return listManagers(db, restaurantId);
}

type Added = { manager: AddedManager; invitation?: { outboxId: string; message: EmailMessage } };

/** A new manager account for this email, tied to the restaurant, with a link to set its password. */
async function invite(tx: Queryable, publicUrl: string, restaurant: { id: string; name: string }, email: string): Promise<Added> {
  const userId = await insertUser(tx, email, NO_PASSWORD_YET);
  // Someone signed up with this email a moment ago: asking again sees their account.
  if (!userId) throw conflict(MANAGER_MESSAGES.alreadyAdded);
  const fullName = email.slice(0, email.indexOf('@'));
  await insertProfile(tx, { userId, fullName, phone: '' });
  await setRole(tx, userId, 'manager');
  await insertMembership(tx, restaurant.id, userId);
  const invitation = await queueSetPasswordLink(tx, publicUrl, { userId, email, restaurantName: restaurant.name });
  return { manager: { userId, fullName, email, invited: true }, invitation };
}

/**
 * Adds a manager by email, in one transaction: an existing manager account is attached, an
 * unknown email gets an invited account; any other account is refused (a customer or a driver
 * cannot also manage a restaurant, one role per account).
 */
export async function addManager(deps: ManagerDeps, user: AuthUser, restaurantId: string, email: string): Promise<AddedManager> {
  const restaurant = { id: restaurantId, ...(await kitchenRestaurant(deps.db, user, restaurantId)) };
  const added = await deps.db.transaction(async (tx): Promise<Added> => {
    const account = await findAccountByEmail(tx, email);
    if (!account) return invite(tx, deps.publicUrl, restaurant, email);
    if (account.role !== 'manager') throw unprocessable(MANAGER_MESSAGES.otherRole);
    if (!(await insertMembership(tx, restaurantId, account.userId))) throw conflict(MANAGER_MESSAGES.alreadyAdded);
    return { manager: { userId: account.userId, email: account.email, fullName: account.fullName ?? '', invited: false } };
  });
  if (added.invitation) deps.mailer.deliverLater(added.invitation.outboxId, added.invitation.message);
  return added.manager;
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
