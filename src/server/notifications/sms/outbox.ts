import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { NotificationKind } from '@shared/notifications/kinds.js';
import type { Queryable } from '../../db/client.js';
import { smsOutbox } from '../../db/schema.js';
import type { Jobs } from '../../jobs/jobs.js';
import type { Handover, OutgoingSms, ReportedOutcome, SmsProvider } from './provider.js';

/** SQL of the SMS outbox: every SMS is written here first, in the transaction that causes it. */

type NewSms = { to: string; body: string; kind: NotificationKind };

/** Writes the SMS and the jobs that send them (queue `sms`) in the caller's transaction, a statement each; `to` in E.164. */
export async function queueAllSms(db: Queryable, jobs: Jobs, messages: NewSms[]): Promise<string[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insert(smsOutbox)
    .values(messages.map((message) => ({ toPhone: message.to, body: message.body, kind: message.kind })))
    .returning({ id: smsOutbox.id });
  await jobs.sendMany(
    db,
    'sms',
    rows.map((row) => ({ smsId: row.id })),
  );
  return rows.map((row) => row.id);
}

/** queueAllSms for one SMS: its id. */
export async function queueSms(db: Queryable, jobs: Jobs, message: NewSms): Promise<string> {
  const [id] = await queueAllSms(db, jobs, [message]);
  return id!;
}

/** States a send may still change: queued, or failed before any provider took it and retried from the admin's Jobs page. */
const UNSENT = ['queued', 'failed'] as const;
const unsent = (id: string) => and(eq(smsOutbox.id, id), inArray(smsOutbox.status, UNSENT), isNull(smsOutbox.providerMessageId));

/** The SMS of a row no provider has taken yet; undefined once one has (a job run twice sends once). */
export async function findUnsent(db: Queryable, id: string): Promise<OutgoingSms | undefined> {
  const [row] = await db
    .select({ to: smsOutbox.toPhone, body: smsOutbox.body, kind: smsOutbox.kind })
    .from(smsOutbox)
    .where(unsent(id));
  return row && { ...row, kind: row.kind as NotificationKind };
}

export type SendOutcome = Handover | { status: 'failed'; reason: string };

/** Records how sending a row went, with the provider that tried; a row a provider took already is left alone. */
export async function recordSend(db: Queryable, id: string, provider: SmsProvider['name'], outcome: SendOutcome): Promise<void> {
  await db
    .update(smsOutbox)
    .set(
      outcome.status === 'failed'
        ? { status: 'failed', provider, reason: outcome.reason }
        : {
            status: outcome.status,
            provider,
            providerMessageId: outcome.status === 'sent' ? outcome.providerMessageId : null,
            sentAt: sql`now()`,
            reason: null,
          },
    )
    .where(unsent(id));
}

/**
 * Records a provider's delivery report on the message it names. Only a message still `sent` moves:
 * delivered and failed are final, so a late or repeated report never moves a row backwards.
 * False when no such message is waiting for its report.
 */
export async function recordReport(
  db: Queryable,
  provider: SmsProvider['name'],
  providerMessageId: string,
  outcome: NonNullable<ReportedOutcome>,
): Promise<boolean> {
  const rows = await db
    .update(smsOutbox)
    .set({ status: outcome.status, reason: outcome.status === 'failed' ? outcome.reason : null, reportedAt: sql`now()` })
    .where(
      and(eq(smsOutbox.provider, provider), eq(smsOutbox.providerMessageId, providerMessageId), eq(smsOutbox.status, 'sent')),
    )
    .returning({ id: smsOutbox.id });
  return rows.length > 0;
}
