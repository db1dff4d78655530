import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { emailOutbox } from '../db/schema.js';
import type { DeliveredStatus, EmailMessage } from './mailer.js';

/** SQL of the email outbox: every email is written here first, in the transaction that causes it. */

export async function queueEmail(db: Queryable, message: EmailMessage): Promise<string> {
  const [row] = await db
    .insert(emailOutbox)
    .values({ toAddress: message.to, subject: message.subject, body: message.text })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

export type DeliveryOutcome = { status: DeliveredStatus } | { status: 'failed'; error: string };

/** Records how a queued email went; a row that is no longer queued is left alone. */
export async function recordDelivery(db: Queryable, id: string, outcome: DeliveryOutcome): Promise<void> {
  await db
    .update(emailOutbox)
    .set(
      outcome.status === 'failed'
        ? { status: 'failed', error: outcome.error }
        : { status: outcome.status, sentAt: sql`now()`, error: null },
    )
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'queued')));
}
