import { MESSAGES } from '@shared/auth/schemas.js';
import type { Db } from '../db/client.js';
import { badRequest } from '../http/errors.js';
import type { Jobs } from '../jobs/jobs.js';
import type { EmailMessage } from '../notifications/mailer.js';
import { queueEmail } from '../notifications/outbox.js';
import { outdateTokens } from './accountChanges.js';
import { refuseCommonPassword } from '../core/commonPasswords.js';
import { hashPassword } from './password.js';
import {
  claimReset,
  findLiveReset,
  findUserByEmail,
  insertPasswordReset,
  spendUserResets,
  updatePasswordHash,
} from './repository.js';
import { hashToken, newOpaqueToken } from './tokens.js';

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

const resetLink = (publicUrl: string, token: string) => `${publicUrl}/auth?reset=${encodeURIComponent(token)}`;

function resetEmail(to: string, link: string): EmailMessage {
  return {
    to,
    subject: 'Reset your ChopChop password',
    text: [
      'Someone asked to reset the password of your ChopChop account.',
      '',
      'Choose a new password here (the link works once, for 1 hour):',
      link,
      '',
      'If it was not you, ignore this email: your password stays the same.',
    ].join('\n'),
  };
}

interface ResetRequestDeps {
  db: Db;
  jobs: Jobs;
  publicUrl: string;
}

/**
 * Asks for a password reset: one job row (queue `password-reset`), whatever the address, so the
 * reply takes the same time whether or not an account has this email, and says nothing either
 * way. The job does the rest (startPasswordReset).
 */
export async function requestPasswordReset({ db, jobs }: Pick<ResetRequestDeps, 'db' | 'jobs'>, address: string): Promise<void> {
  await jobs.send(db, 'password-reset', { email: address });
}

/**
 * The `password-reset` job: looks the account up, and for one stores a single-use reset token
 * and queues its email in one transaction.
 */
export async function startPasswordReset({ db, jobs, publicUrl }: ResetRequestDeps, address: string): Promise<void> {
  const user = await findUserByEmail(db, address);
  if (!user) return;
  const token = newOpaqueToken();
  await db.transaction(async (tx) => {
    await insertPasswordReset(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    });
    await queueEmail(tx, jobs, resetEmail(address, resetLink(publicUrl, token)));
  });
}

/** Sets the new password (a common one is refused), spends every reset link of the user and signs them out everywhere, access tokens included. */
export async function resetPassword(db: Db, token: string, password: string): Promise<void> {
  const tokenHash = hashToken(token);
  if (!(await findLiveReset(db, tokenHash))) throw badRequest(MESSAGES.resetInvalid);
  refuseCommonPassword(password);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const claimed = await claimReset(tx, tokenHash);
    if (!claimed) throw badRequest(MESSAGES.resetInvalid);
    await updatePasswordHash(tx, claimed.userId, passwordHash);
    await spendUserResets(tx, claimed.userId);
    await outdateTokens(tx, claimed.userId, { endSessions: true });
  });
}
