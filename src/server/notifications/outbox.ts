import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Queryable } from '../db/client.js';
import { emailOutbox } from '../db/schema.js';
import type { Jobs } from '../jobs/jobs.js';
import type { DeliveredStatus, EmailMessage } from './mailer.js';

/** SQL of the email outbox: every email is written here first, in the transaction that causes it. */

/** Writes the email and the job that delivers it (queue `email`) in the caller's transaction. */
export async function queueEmail(db: Queryable, jobs: Jobs, message: EmailMessage): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({ toAddress: message.to, subject: message.subject, body: message.text })
    .returning({ id: emailOutbox.id });
  await jobs.send(db, 'email', { outboxId: row!.id });
  return row!.id;
}

/** States a delivery may still change: queued, or failed and retried from the admin's Jobs page. */
const UNDELIVERED = ['queued', 'failed'] as const;

/** The email of an outbox row not yet delivered; undefined once it is (a job run twice sends once). */
export async function findUndelivered(db: Queryable, id: string): Promise<EmailMessage | undefined> {
  const [row] = await db
    .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject, text: emailOutbox.body })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, UNDELIVERED)));
  return row;
}

export type DeliveryOutcome = { status: DeliveredStatus } | { status: 'failed'; error: string };

/** Records how a queued email went; a row delivered already is left alone. */
export async function recordDelivery(db: Queryable, id: string, outcome: DeliveryOutcome): Promise<void> {
  await db
    .update(emailOutbox)
    .set(
      outcome.status === 'failed'
        ? { status: 'failed', error: outcome.error }
        : { status: outcome.status, sentAt: sql`now()`, error: null },
    )
    .where(and(eq(emailOutbox.id, id), inArray(emailOutbox.status, UNDELIVERED)));
}

/**
 * Queues a job for every email still queued in a database from before the job queue (decision
 * 018), in one transaction: each was meant to be sent from memory and would otherwise never be.
 */
export async function queueJobsForUnsentEmails(db: Db, jobs: Jobs): Promise<number> {
  return db.transaction(async (tx) => {
    const rows = await tx.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.status, 'queued'));
    await jobs.sendMany(
      tx,
      'email',
      rows.map((row) => ({ outboxId: row.id })),
    );
    return rows.length;
  });
}
