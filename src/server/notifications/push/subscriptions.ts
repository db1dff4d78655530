import { PUSH_MESSAGES, type PushSubscriptionInput } from '@shared/notifications/push.js';
import type { AuthUser } from '../../core/identity.js';
import { isPushServiceEndpoint, type PushServiceOrigin } from '../../core/pushServices.js';
import type { Db, Queryable } from '../../db/client.js';
import { badRequest } from '../../http/errors.js';
import { deleteOwnSubscription, saveSubscription } from './repository.js';

/**
 * Keeps the device's subscription for the user, in the session it was made in (signing out
 * removes it). Only an endpoint on one of the push services the server sends to is kept: the
 * server POSTs to it later, so any other address would let a browser aim the server anywhere.
 */
export async function subscribeDevice(
  db: Db,
  origins: readonly PushServiceOrigin[],
  user: AuthUser,
  sessionId: string,
  subscription: PushSubscriptionInput,
): Promise<void> {
  const { endpoint, keys } = subscription;
  if (!isPushServiceEndpoint(origins, endpoint))
    throw badRequest(PUSH_MESSAGES.notPushService, { endpoint: PUSH_MESSAGES.notPushService });
  await saveSubscription(db, { userId: user.userId, sessionId, endpoint, p256dh: keys.p256dh, auth: keys.auth });
}

/** Removes the device's subscription if it is the user's; anyone else's endpoint, or none, changes nothing. */
export async function unsubscribeDevice(db: Queryable, user: AuthUser, endpoint: string): Promise<void> {
  await deleteOwnSubscription(db, user.userId, endpoint);
}
