import { MESSAGES } from '@shared/auth/schemas.js';
import {
  INVITATION_MESSAGES,
  type AcceptedInvitation,
  type InvitationAccount,
  type InvitationView,
} from '@shared/restaurants/invitations.js';
import { hashPassword } from '../auth/password.js';
import { findUserByEmail, insertProfile, insertUser, setRole } from '../auth/repository.js';
import { startSession, type IssuedSession } from '../auth/sessions.js';
import { hashToken } from '../auth/tokens.js';
import { refuseCommonPassword } from '../core/commonPasswords.js';
import type { AuthUser } from '../core/identity.js';
import type { Db, Queryable } from '../db/client.js';
import { conflict, forbidden, notFound, unprocessable } from '../http/errors.js';
import { acceptsManagerInvitations } from '../policy.js';
import { claimInvitation, deleteExpiredInvitation, findInvitation } from './invitationsRepository.js';
import { insertMembership } from './membersRepository.js';
import { findRestaurantBasics } from './repository.js';

/**
 * The invitee's side of an invitation, found by the emailed token. Whatever is refused here is
 * told to the invitee only; the owner's list just keeps showing the invitation as pending.
 */

/** The live invitation of this token; an expired one is deleted as it is met. */
async function liveInvitation(db: Queryable, token: string) {
  const tokenHash = hashToken(token);
  await deleteExpiredInvitation(db, tokenHash);
  const invitation = await findInvitation(db, tokenHash);
  if (!invitation) throw notFound(INVITATION_MESSAGES.linkInvalid);
  return invitation;
}

/** Spends the invitation inside `tx`: it is deleted, so a second acceptance (or one at the same time) finds nothing. */
async function claim(tx: Queryable, token: string) {
  const invitation = await claimInvitation(tx, hashToken(token));
  if (!invitation) throw notFound(INVITATION_MESSAGES.linkInvalid);
  return invitation;
}

async function restaurantNamed(db: Queryable, restaurantId: string): Promise<AcceptedInvitation> {
  const restaurant = await findRestaurantBasics(db, restaurantId);
  return { restaurantId, restaurantName: restaurant?.name ?? '' };
}

export async function viewInvitation(db: Db, token: string): Promise<InvitationView> {
  const { email, restaurantName } = await liveInvitation(db, token);
  return { restaurantName, email, hasAccount: Boolean(await findUserByEmail(db, email)) };
}

/**
 * The signed-in invitee accepts: they join the restaurant and the invitation is gone, in one
 * transaction. Only the account of the invited email may, and only a manager account.
 */
export async function acceptInvitation(db: Db, user: AuthUser, token: string): Promise<AcceptedInvitation> {
  return db.transaction(async (tx) => {
    const invitation = await claim(tx, token);
    const account = await findUserByEmail(tx, invitation.email);
    if (account?.id !== user.userId) throw forbidden(INVITATION_MESSAGES.otherEmail);
    if (!acceptsManagerInvitations(user)) throw unprocessable(INVITATION_MESSAGES.notAManagerAccount);
    await insertMembership(tx, invitation.restaurantId, user.userId);
    return restaurantNamed(tx, invitation.restaurantId);
  });
}

/**
 * An invitee whose email has no account creates their manager account and accepts, in one
 * transaction (account, profile, role, membership, invitation spent), and is signed in.
 */
export async function signUpByInvitation(
  { db, jwtSecret }: { db: Db; jwtSecret: string },
  form: InvitationAccount & { token: string },
): Promise<IssuedSession> {
  await liveInvitation(db, form.token);
  refuseCommonPassword(form.password);
  const passwordHash = await hashPassword(form.password);
  return db.transaction(async (tx) => {
    const invitation = await claim(tx, form.token);
    const userId = await insertUser(tx, invitation.email, passwordHash);
    if (!userId) throw conflict(MESSAGES.emailTaken);
    await insertProfile(tx, { userId, fullName: form.fullName, phone: form.phone });
    await setRole(tx, userId, 'manager');
    await insertMembership(tx, invitation.restaurantId, userId);
    return startSession(tx, jwtSecret, userId);
  });
}
