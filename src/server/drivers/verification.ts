import { topics } from '@shared/realtime/events.js';
import { outdateTokens } from '../auth/accountChanges.js';
import type { Db, Tx } from '../db/client.js';
import { notFound } from '../http/errors.js';
import { transactionWithEvents } from '../realtime/publish.js';
import { updateVerified } from './repository.js';

/**
 * Verifies a driver or withdraws the verification, which also takes them offline. Withdrawing it
 * outdates their access tokens and closes their sockets, so the orders feed they follow is
 * checked by the policy again; they stay signed in. Their open dashboards hear of it on driver:<id>.
 */
export async function setDriverVerified(
  db: Db,
  userId: string,
  verified: boolean,
  /** Writes that must commit with this change or not at all (the ID check's verdict, say). */
  alongside?: (tx: Tx) => Promise<void>,
): Promise<void> {
  await transactionWithEvents(db, async (tx, raise) => {
    if (!(await updateVerified(tx, userId, verified))) throw notFound('No such driver');
    await alongside?.(tx);
    if (!verified) await outdateTokens(tx, userId, { endSessions: false });
    raise({ topic: topics.driver(userId), type: 'driver.updated', driverId: userId });
  });
}
