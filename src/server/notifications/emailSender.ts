import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { EmailMessage, Mailer } from './mailer.js';
import { recordDelivery, type DeliveryOutcome } from './outbox.js';

/**
 * The app's mailer (app.mailer): delivers emails already queued in the outbox. Delivery runs
 * after the request that queued the email has answered, so a slow or failing mail server
 * neither delays nor breaks it (and a reply's timing does not reveal whether an email was sent).
 */
export class EmailSender {
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
  ) {}

  deliverLater(outboxId: string, message: EmailMessage): void {
    this.track(this.deliver(outboxId, message));
  }

  /**
   * Runs `work` (which queues emails) once the current request has answered, so the reply never
   * waits for it; close() waits for it. A failure is logged as `failure`, with the error's code.
   */
  runLater(failure: string, work: () => Promise<void>): void {
    const started = new Promise<void>((resolve) => setImmediate(resolve));
    this.track(started.then(work).catch((err: unknown) => this.log.error({ err }, failure)));
  }

  private track(task: Promise<void>): void {
    const tracked = task.finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
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
    // Work that finishes may queue a delivery: wait until nothing is left.
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
    this.mailer.close();
  }
}
