import type { Queue } from 'pg-boss';
import type { JOB_QUEUE_LABELS } from '@shared/jobs/schemas.js';

/** Every queue, named once for both sides: the admin's Jobs page labels each (src/shared/jobs/schemas.ts). */
export type QueueName = keyof typeof JOB_QUEUE_LABELS;

/** What each queue's job carries: ids of rows written in the same transaction, never the personal data itself. */
export interface JobData extends Record<QueueName, object> {
  /** An email of the email_outbox table to deliver. */
  email: { outboxId: string };
  /** An SMS of the sms_outbox table to send through the configured provider. */
  sms: { smsId: string };
  /** A push message to every device the user subscribed (push_subscriptions); no personal data in it. */
  push: { userId: string; title: string; body: string; url: string };
  /** The order alerts: new orders the kitchen left alone, ready orders no rider has (notifications/orderAlerts.ts). */
  'order-alerts': Record<string, never>;
  /** A password reset asked for an address: looked up and emailed after the reply, so its timing says nothing. */
  'password-reset': { email: string };
  /** An owed card refund (payments) to ask Paystack for. */
  refund: { refundId: string };
  /** The payment sweep: pending card intents checked with Paystack, abandoned ones expired. */
  'payment-sweep': Record<string, never>;
  /** A payout (payouts) whose transfer to ask Paystack for, with the payout's own reference. */
  payout: { payoutId: string };
  /** An offer of an order to a rider (dispatch/offers.ts) coming to its end: missed if still unanswered. */
  'offer-expiry': { offerId: string };
  /**
   * An order to offer to the next nearest rider: its offer ended without a taker, or (with
   * `unmovedSince`, the move's time) it was made ready and the dispatch that follows the move may
   * not have run (orders/moves.ts); then only if nothing has moved it since.
   */
  'offer-next': { orderId: string; unmovedSince?: string };
  /**
   * A rider just free to take an order (their delivery ended, they came online or sent their first
   * position since, or handed cash in), to offer the nearest order waiting near them.
   */
  'offer-rider': { driverId: string };
  /** The payout check: payouts under way for a few minutes asked of Paystack (verify). */
  'payout-sweep': Record<string, never>;
}

type QueueSettings = Omit<Queue, 'name'>;

/**
 * A worker beats for each job it holds every half of this; a job with no beat for this long (its
 * instance died) is failed by any instance's supervision pass (JOB_SUPERVISE_SECONDS), then retried
 * where its queue retries, or left for the next run of a schedule: another instance takes the work
 * over within a minute, not after the job's expiry.
 */
const HEARTBEAT_SECONDS = 20;

/**
 * Retries back off exponentially with jitter (pg-boss: delay × 2^attempt, randomised, capped), so a
 * provider outage of an hour is ridden out; after the last try the job is dead and shows on the
 * admin's Jobs page. Every queue but the sweep wakes workers by NOTIFY on commit.
 */
const deliveries: QueueSettings = {
  retryLimit: 8,
  retryDelay: 5,
  retryBackoff: true,
  retryDelayMax: 1800,
  expireInSeconds: 120,
  heartbeatSeconds: HEARTBEAT_SECONDS,
  notify: true,
};

const dispatch: QueueSettings = {
  retryLimit: 6,
  retryDelay: 2,
  retryBackoff: true,
  retryDelayMax: 15,
  expireInSeconds: 60,
  heartbeatSeconds: HEARTBEAT_SECONDS,
};

export const QUEUES: Record<QueueName, QueueSettings> = {
  email: deliveries,
  sms: deliveries,
  push: { ...deliveries, retryLimit: 4 },
  'password-reset': { ...deliveries, retryLimit: 3 },
  refund: deliveries,
  // A transfer and, when its answer is lost, a verify: two Paystack calls of at most 15 s each.
  payout: deliveries,
  // One sweep at a time across every instance; a sweep that fails waits for the next one.
  'payment-sweep': { policy: 'singleton', retryLimit: 0, expireInSeconds: 600, heartbeatSeconds: HEARTBEAT_SECONDS },
  'payout-sweep': { policy: 'singleton', retryLimit: 0, expireInSeconds: 600, heartbeatSeconds: HEARTBEAT_SECONDS },
  'order-alerts': { policy: 'singleton', retryLimit: 0, expireInSeconds: 120, heartbeatSeconds: HEARTBEAT_SECONDS },
  // Dispatch's own: a rider waits on these, so retries come quickly and give up within a minute.
  'offer-expiry': dispatch,
  'offer-next': { ...dispatch, notify: true },
  'offer-rider': { ...dispatch, notify: true },
};

export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[];
