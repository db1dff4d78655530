import { z } from 'zod';
import { signUpSchema } from '../auth/schemas.js';
import { boundedText, emailField, uuidSchema } from '../fields.js';
import { RESTAURANT_MESSAGES } from './schemas.js';

/** How long an emailed invitation holds: it has to survive a weekend in an inbox. */
export const INVITATION_TTL_DAYS = 7;
/** Pending (sent, not accepted, not expired) invitations one restaurant may have at once. */
export const PENDING_INVITATIONS_MAX = 10;
/** Invitations one user may send in a day, re-sent and withdrawn ones included. */
export const INVITATIONS_PER_DAY_MAX = 20;

export const INVITATION_MESSAGES = {
  sent: (email: string) => `Invitation sent to ${email}`,
  withdrawn: 'Invitation withdrawn',
  tooManyPending: `This restaurant already has ${PENDING_INVITATIONS_MAX} pending invitations. Withdraw one, or wait until they are accepted or expire.`,
  tooManyToday: `You have sent ${INVITATIONS_PER_DAY_MAX} invitations today. Please try again tomorrow.`,
  invalidId: 'That is not a valid invitation id',
  notPending: 'That invitation is not pending: it was accepted, withdrawn or has expired',
  /** For the invitee only: said the same way whether the link was never valid, used, withdrawn or expired. */
  linkInvalid: 'This invitation link is invalid, was withdrawn or has expired. Ask the restaurant to invite you again.',
  otherEmail: 'This invitation is for another email. Sign in with the email the invitation was sent to.',
  notAManagerAccount:
    'Your account is not a manager account, so it cannot manage a restaurant. Ask the restaurant to invite another email.',
  accepted: (restaurantName: string) => `You now manage ${restaurantName}`,
  loadFailed: 'Failed to load invitations',
} as const;

export const invitationEmailSchema = z.object({ email: emailField() });
export type InvitationEmail = z.output<typeof invitationEmailSchema>;

export const invitationParamsSchema = z.object({
  id: uuidSchema(RESTAURANT_MESSAGES.invalidId),
  invitationId: uuidSchema(INVITATION_MESSAGES.invalidId),
});

/** A pending invitation as its restaurant's owner sees it. */
export const pendingInvitationSchema = z.object({ id: z.uuid(), email: z.string(), expiresAt: z.string() });
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;
export const pendingInvitationListSchema = z.array(pendingInvitationSchema);

/** The emailed token, sent in a body (never a path, which the request log keeps). */
const tokenField = boundedText(200, INVITATION_MESSAGES.linkInvalid).min(1, INVITATION_MESSAGES.linkInvalid);
export const invitationTokenSchema = z.object({ token: tokenField });

/** What the invitee's page shows: the restaurant, the invited email and whether it already has an account. */
export const invitationViewSchema = z.object({ restaurantName: z.string(), email: z.string(), hasAccount: z.boolean() });
export type InvitationView = z.infer<typeof invitationViewSchema>;

export const acceptedInvitationSchema = z.object({ restaurantId: z.uuid(), restaurantName: z.string() });
export type AcceptedInvitation = z.infer<typeof acceptedInvitationSchema>;

/** The manager account an invitee creates when the invited email has none. */
export const invitationAccountSchema = signUpSchema.pick({ fullName: true, phone: true, password: true });
export type InvitationAccount = z.input<typeof invitationAccountSchema>;
export const invitationSignupSchema = invitationAccountSchema.extend({ token: tokenField });
export type InvitationSignup = z.input<typeof invitationSignupSchema>;
