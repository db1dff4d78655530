import { outdateTokens } from '../auth/accountChanges.js';
import type { Db } from '../db/client.js';
import { notFound } from '../http/errors.js';
import { updateVerified } from './repository.js';

/**
 * Verifies a driver or withdraws the verification. Withdrawing it outdates their access tokens
 * and closes their sockets, so the orders feed they follow is checked by the policy again; they
 * stay signed in.
 */
export async function setDriverVerified(db: Db, userId: string, verified: boolean): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await updateVerified(tx, userId, verified))) throw notFound('No such driver');
    if (!verified) await outdateTokens(tx, userId, { endSessions: false });
  });
}
