import type { Queryable } from '../../db/client.js';
import type { Jobs } from '../../jobs/jobs.js';
import type { JobData } from '../../jobs/queues.js';

export type PushNotice = Omit<JobData['push'], 'userId'>;

/**
 * Queues a `push` job for each of these users, in the caller's transaction: sent once it commits,
 * never for a rolled-back one, and never in the way of the transaction (a push service that fails
 * only makes its job retry). Callers pass users they found with a device (usersWithSubscriptions):
 * a job costs a write, and one for a user without a device sends nothing.
 */
export async function queuePush(db: Queryable, jobs: Jobs, userIds: readonly string[], notice: PushNotice): Promise<void> {
  for (const userId of new Set(userIds)) await jobs.send(db, 'push', { userId, ...notice });
}
