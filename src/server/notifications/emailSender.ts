import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import type { DeliveredStatus, EmailMessage, Mailer } from './mailer.js';
import { recordDelivery, type DeliveryOutcome } from './outbox.js';
import { backoffDelays } from '../../shared/backoff.js';

/** Waits before each new attempt at an email the mail server could not take for now: 2 s, 10 s, 50 s. */
export const RETRY_DELAYS_MS: readonly number[] = backoffDelays({ firstMs: 2_000, factor: 5, maxMs: 60_000 }, 3);

/**
 * Whether a failed delivery may succeed later: the mail server could not be reached or answered
 * "try again later" (4xx). A refusal for good (5xx: no such mailbox) is not retried.
 */
function isTransient(err: unknown): boolean {
  const responseCode = (err as { responseCode?: unknown }).responseCode;
  return typeof responseCode === 'number' ? responseCode >= 400 && responseCode < 500 : true;
}

/** What the log may say about a failure: its codes, never the message (it can name the recipient). */
function failureCodes(err: unknown) {
  const { code, responseCode } = err as { code?: unknown; responseCode?: unknown };
  return { code, responseCode };
}

/**
 * The app's mailer (app.mailer): delivers emails already queued in the outbox. Delivery runs
 * after the request that queued the email has answered, so a slow or failing mail server
 * neither delays nor breaks it (and a reply's timing does not reveal whether an email was sent).
 * A mail server that cannot take an email for now gets it again after each of `retryDelaysMs`;
 * closing stops the waiting, and the email is recorded as failed.
 */
export class EmailSender {
  private readonly pending = new Set<Promise<void>>();
  private readonly closing = new AbortController();

  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    private readonly retryDelaysMs: readonly number[] = RETRY_DELAYS_MS,
  ) {}

  deliverLater(outboxId: string, message: EmailMessage): void {
    this.track(this.deliver(outboxId, message).then(() => undefined));
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

  private async attempt(message: EmailMessage): Promise<DeliveryOutcome> {
    for (let attempt = 0; ; attempt++) {
      try {
        return { status: await this.mailer.deliver(message) };
      } catch (err) {
        const delay = this.retryDelaysMs[attempt];
        const retry = delay !== undefined && isTransient(err) && !this.closing.signal.aborted;
        this.log.warn({ ...failureCodes(err), attempt: attempt + 1, retry }, 'email delivery failed');
        if (!retry || !(await this.wait(delay))) {
          return { status: 'failed', error: err instanceof Error ? err.message : String(err) };
        }
      }
    }
  }

  /** Sleeps `ms`; false if the sender closes meanwhile. */
  private wait(ms: number): Promise<boolean> {
    const { signal } = this.closing;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', stop);
        resolve(true);
      }, ms);
      const stop = () => {
        clearTimeout(timer);
        resolve(false);
      };
      signal.addEventListener('abort', stop, { once: true });
    });
  }

  async deliver(outboxId: string, message: EmailMessage): Promise<DeliveredStatus | 'failed'> {
    const outcome = await this.attempt(message);
    await recordDelivery(this.db, outboxId, outcome).catch((err: unknown) =>
      this.log.error({ err, outboxId }, 'could not record how an email delivery went'),
    );
    return outcome.status;
  }

  /** Stops waiting to retry, waits for deliveries in flight, then closes the mail transport: call before the database closes. */
  async close(): Promise<void> {
    this.closing.abort();
    // Work that finishes may queue a delivery: wait until nothing is left.
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
    this.mailer.close();
  }
}
