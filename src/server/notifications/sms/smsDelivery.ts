import type { Db } from '../../db/client.js';
import { messageOf } from '../../http/errors.js';
import { PermanentJobError, type RunningJob } from '../../jobs/jobs.js';
import { QUEUES } from '../../jobs/queues.js';
import { findUnsent, recordSend } from './outbox.js';
import type { Handover, SmsProvider } from './provider.js';

/**
 * The `sms` job: hands an outbox SMS to the provider and records its id for the delivery report.
 * A provider that cannot take it for now fails the job, which the queue retries with backoff; on
 * the last try, or on a refusal for good, the SMS is recorded as failed with the reason and the
 * job dies (the admin can retry it). A row a provider took already is not sent again.
 */
export async function sendQueuedSms(
  { db, provider }: { db: Db; provider: SmsProvider },
  smsId: string,
  job: RunningJob,
): Promise<void> {
  const sms = await findUnsent(db, smsId);
  if (!sms) return;
  let handover: Handover;
  try {
    handover = await provider.send(sms);
  } catch (err) {
    if (err instanceof PermanentJobError || job.retryCount >= (QUEUES.sms.retryLimit ?? 0)) {
      await recordSend(db, smsId, provider.name, { status: 'failed', reason: messageOf(err) });
    }
    throw err;
  }
  await recordSend(db, smsId, provider.name, handover);
}
