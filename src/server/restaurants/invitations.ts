import {
  INVITATION_MESSAGES,
  INVITATION_TTL_DAYS,
  PENDING_INVITATIONS_MAX,
  type PendingInvitation,
} from '@shared/restaurants/invitations.js';
import { hashToken, newOpaqueToken } from '../auth/tokens.js';
import type { AuthUser } from '../core/identity.js';
import type { Db } from '../db/client.js';
import { notFound, unprocessable } from '../http/errors.js';
import type { Jobs } from '../jobs/jobs.js';
import type { EmailMessage } from '../notifications/mailer.js';
import { queueEmail } from '../notifications/outbox.js';
import {
  countPendingInvitations,
  deleteExpiredInvitations,
  deleteInvitation,
  listPendingInvitations,
  lockRestaurant,
  upsertInvitation,
} from './invitationsRepository.js';
import { kitchenRestaurant } from './service.js';

/**
 * An owner's invitations of managers. An invitation is a pending row, not an account: the
 * invitee creates or brings their account when they accept it (invitationAcceptance.ts). The
 * owner gets the same answer whatever the email, so it never tells whose email it is.
 */

interface InvitationDeps {
  db: Db;
  jobs: Jobs;
  publicUrl: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The link is a query (as a reset link's is), which the request log leaves out. */
const invitationLink = (publicUrl: string, token: string) => `${publicUrl}/invitation?token=${encodeURIComponent(token)}`;

function invitationEmail(to: string, restaurantName: string, link: string): EmailMessage {
  return {
    to,
    subject: 'You are invited to manage a restaurant on ChopChop',
    text: [
      `You are invited to become a manager of ${restaurantName} on ChopChop, where you can follow its sales.`,
      '',
      `Accept the invitation here (the link works once, for ${INVITATION_TTL_DAYS} days):`,
      link,
      '',
      'If you did not expect this, ignore this email: nothing happens unless you accept.',
    ].join('\n'),
  };
}

const toPending = (row: { id: string; email: string; expiresAt: Date }): PendingInvitation => ({
  id: row.id,
  email: row.email,
  expiresAt: row.expiresAt.toISOString(),
});

export async function listInvitations(db: Db, user: AuthUser, restaurantId: string): Promise<PendingInvitation[]> {
  await kitchenRestaurant(db, user, restaurantId);
  await deleteExpiredInvitations(db, restaurantId);
  return (await listPendingInvitations(db, restaurantId)).map(toPending);
}

/**
 * Invites `email` to manage the restaurant, in one transaction: its pending invitation (a new
 * one, or the same email's renewed with a new link) and its email. A restaurant has at most
 * PENDING_INVITATIONS_MAX pending; the route limits how many a user sends a day.
 */
export async function inviteManager(
  deps: InvitationDeps,
  user: AuthUser,
  restaurantId: string,
  email: string,
): Promise<PendingInvitation> {
  const restaurant = await kitchenRestaurant(deps.db, user, restaurantId);
  const token = newOpaqueToken();
  const message = invitationEmail(email, restaurant.name, invitationLink(deps.publicUrl, token));
  const invitation = await deps.db.transaction(async (tx) => {
    await lockRestaurant(tx, restaurantId);
    await deleteExpiredInvitations(tx, restaurantId);
    if ((await countPendingInvitations(tx, restaurantId, email)) >= PENDING_INVITATIONS_MAX) {
      throw unprocessable(INVITATION_MESSAGES.tooManyPending);
    }
    const invitation = await upsertInvitation(tx, {
      restaurantId,
      email,
      tokenHash: hashToken(token),
      invitedBy: user.userId,
      expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * DAY_MS),
    });
    await queueEmail(tx, deps.jobs, message);
    return invitation;
  });
  return toPending(invitation);
}

/** Withdraws a pending invitation: its row goes, and with it the emailed link. */
export async function withdrawInvitation(db: Db, user: AuthUser, restaurantId: string, invitationId: string): Promise<void> {
  await kitchenRestaurant(db, user, restaurantId);
  if (!(await deleteInvitation(db, restaurantId, invitationId))) throw notFound(INVITATION_MESSAGES.notPending);
}
