import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { EmailMessage, Mailer } from './mailer.js';
import { recordDelivery, type DeliveryOutcome } from './outbox.js';

/**
 * Delivers emails already queued in the outbox. Delivery runs after the request that queued
 * the email has answered, so a slow or failing mail server neither delays nor breaks it (and
 * a reply's timing does not reveal whether an email was sent).
 */
export class EmailSender {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  deliverLater(outboxId: string, message: EmailMessage): void {
    const delivery = this.deliver(outboxId, message).finally(() => this.pending.delete(delivery));
    this.pending.add(delivery);
  }

  async deliver(outboxId: string, message: EmailMessage): Promise<void> {
    let outcome: DeliveryOutcome;
    try {
      outcome = { status: await this.mailer.deliver(message) };
    } catch (err) {
      this.log.warn({ err, outboxId }, 'email delivery failed');
      outcome = { status: 'failed', error: err instanceof Error ? err.message : String(err) };
    }
    await recordDelivery(this.db, outboxId, outcome).catch((err: unknown) =>
      this.log.error({ err, outboxId }, 'could not record how an email delivery went'),
    );
  }

  /** Waits for deliveries in flight, then closes the mail transport: call before the database closes. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    this.mailer.close();
  }
}
