import { and, desc, eq } from 'drizzle-orm';
import type { TestUser } from '../test/accounts.js';
import type { TestContext } from '../test/app.js';
import { hashToken, newOpaqueToken } from '../auth/tokens.js';
import { emailOutbox, restaurantInvitations } from '../db/schema.js';

/** Requests of the invitation routes, and the token of the last invitation emailed to an address. */

export const invite = (t: TestContext, user: TestUser, restaurantId: string, email: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/restaurants/${restaurantId}/invitations`,
    headers: user.authHeader,
    payload: { email },
  });

export const invitationsOf = (t: TestContext, user: TestUser, restaurantId: string) =>
  t.app.inject({ method: 'GET', url: `/api/restaurants/${restaurantId}/invitations`, headers: user.authHeader });

export const withdraw = (t: TestContext, user: TestUser, restaurantId: string, invitationId: string) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/restaurants/${restaurantId}/invitations/${invitationId}`,
    headers: user.authHeader,
  });

export const lookup = (t: TestContext, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/invitations/lookup', payload: { token } });

export const accept = (t: TestContext, user: TestUser, token: string) =>
  t.app.inject({ method: 'POST', url: '/api/invitations/accept', headers: user.authHeader, payload: { token } });

export const signUpInvited = (t: TestContext, token: string, fullName = 'Efua Owusu') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/invitation-signup',
    payload: { token, fullName, phone: '+233 24 123 4567', password: 'efua-password' },
  });

const linkPattern = /http:\/\/localhost:3000\/invitation\?token=([A-Za-z0-9_-]+)/;

/** The token of the newest invitation emailed to `email`, read from the outbox. */
export async function emailedToken(t: TestContext, email: string): Promise<string> {
  const [mail] = await t.app.db
    .select({ body: emailOutbox.body })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.subject, 'You are invited to manage a restaurant on ChopChop')))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const token = mail && linkPattern.exec(mail.body)?.[1];
  if (!token) throw new Error('no invitation emailed to that address');
  return token;
}

/**
 * Stores a pending invitation of `email` to the restaurant straight in the database (renewing the
 * one it may have) and returns its id and token.
 */
export async function insertInvitation(t: TestContext, restaurantId: string, email: string) {
  const token = newOpaqueToken();
  const fields = { tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 60 * 60 * 1000) };
  const [row] = await t.app.db
    .insert(restaurantInvitations)
    .values({ restaurantId, email, ...fields })
    .onConflictDoUpdate({ target: [restaurantInvitations.restaurantId, restaurantInvitations.email], set: fields })
    .returning({ id: restaurantInvitations.id });
  return { id: row!.id, token };
}
