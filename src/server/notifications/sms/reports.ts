import { createHash, timingSafeEqual } from 'node:crypto';
import type { SmsProviderName } from '../../config.js';
import type { Queryable } from '../../db/client.js';
import { recordReport } from './outbox.js';
import type { ReportedOutcome } from './provider.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether the secret of a report's path is SMS_REPORT_SECRET; never without one. Compared as
 * digests of equal length in constant time, so the answer's timing tells nothing of how much of
 * a guess was right.
 */
export function isReportSecret(secret: string | undefined, given: unknown): boolean {
  return Boolean(secret) && typeof given === 'string' && timingSafeEqual(digest(secret!), digest(given));
}

/**
 * Records what a provider's delivery report says on the message it names. A report of a message
 * still on its way, of one already final, or of an id nobody sent changes nothing.
 */
export async function receiveReport(
  db: Queryable,
  provider: SmsProviderName,
  report: { providerMessageId: string; outcome: ReportedOutcome },
): Promise<void> {
  if (report.outcome) await recordReport(db, provider, report.providerMessageId, report.outcome);
}
