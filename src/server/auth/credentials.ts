import { MESSAGES, type Me, type SignInInput } from '@shared/auth/schemas.js';
import type { Db } from '../db/client.js';
import { forbidden, unauthorized } from '../http/errors.js';
import { verifyPassword } from './password.js';
import { findMe, findUserByEmail } from './repository.js';
import { startSession, type IssuedSession } from './sessions.js';

/**
 * An argon2id hash (library defaults) of a random password nobody knows. Checking a password
 * against it for an unknown email makes that answer take as long as a wrong password, so the
 * timing does not tell which emails have accounts.
 */
export const UNKNOWN_USER_HASH =
  '$argon2id$v=19$m=19456,t=2,p=1$Rg2+NVRkAbi3uwE+lxIScw$FQJceGggiGZsbC9vl+xjqb/ntH9Ngi2lE8CoeZbpOLc';

/** Only the right password learns that an account is disabled. */
export async function signIn(db: Db, jwtSecret: string, input: SignInInput): Promise<IssuedSession> {
  const user = await findUserByEmail(db, input.email);
  const matches = await verifyPassword(user?.passwordHash ?? UNKNOWN_USER_HASH, input.password);
  if (!user || !matches) throw unauthorized(MESSAGES.invalidCredentials);
  if (user.disabled) throw forbidden(MESSAGES.accountDisabled);
  return startSession(db, jwtSecret, user.id);
}

export async function currentUser(db: Db, userId: string): Promise<Me> {
  const me = await findMe(db, userId);
  if (!me) throw unauthorized(MESSAGES.sessionExpired);
  return me;
}
