import type { Db } from '../db/client.js';
import { messageOf } from '../http/errors.js';
import { PermanentJobError, type RunningJob } from '../jobs/jobs.js';
import { QUEUES } from '../jobs/queues.js';
import type { Mailer } from './mailer.js';
import { findUndelivered, recordDelivery } from './outbox.js';

/**
 * Whether a failed delivery may succeed later: the mail server could not be reached or answered
 * "try again later" (4xx). A refusal for good (5xx: no such mailbox) is not retried.
 */
function isTransient(err: unknown): boolean {
  const responseCode = (err as { responseCode?: unknown }).responseCode;
  return typeof responseCode === 'number' ? responseCode >= 400 && responseCode < 500 : true;
}

/**
 * The `email` job: delivers an outbox email and records how it went. A mail server that cannot
 * take it for now fails the job, which the queue retries with backoff; on the last try, or on a
 * refusal for good, the email is recorded as failed and the job dies (the admin can retry it).
 */
export async function deliverQueuedEmail(
  { db, mailer }: { db: Db; mailer: Mailer },
  outboxId: string,
  job: RunningJob,
): Promise<void> {
  const message = await findUndelivered(db, outboxId);
  if (!message) return;
  try {
    await recordDelivery(db, outboxId, { status: await mailer.deliver(message) });
  } catch (err) {
    const permanent = !isTransient(err);
    if (permanent || job.retryCount >= (QUEUES.email.retryLimit ?? 0)) {
      await recordDelivery(db, outboxId, { status: 'failed', error: messageOf(err) });
    }
    throw permanent ? new PermanentJobError(messageOf(err), { cause: err }) : err;
  }
}
