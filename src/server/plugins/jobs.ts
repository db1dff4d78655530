import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { startPasswordReset } from '../auth/passwordReset.js';
import { expireOffer } from '../dispatch/offers.js';
import { dispatchOrder, offerWaitingOrder } from '../dispatch/service.js';
import { Jobs, jobsOptionsOf } from '../jobs/jobs.js';
import { deliverQueuedEmail } from '../notifications/emailDelivery.js';
import { sendDueAlerts } from '../notifications/orderAlerts.js';
import { createMailer } from '../notifications/mailer.js';
import { queueJobsForUnsentEmails } from '../notifications/outbox.js';
import { deliverPush } from '../notifications/push/send.js';
import { vapidOf } from '../notifications/push/vapid.js';
import { createSmsProvider } from '../notifications/sms/providers.js';
import { sendQueuedSms } from '../notifications/sms/smsDelivery.js';
import { paymentContext, paystackKeys } from '../payments/context.js';
import { queueJobsForOwedRefunds, sendRefund } from '../payments/refunds.js';
import { sweepCardIntents } from '../payments/service.js';
import { payoutContext } from '../payouts/context.js';
import { checkPayouts, sendPayout } from '../payouts/transfers.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (decision 018): domains queue jobs in their transactions, the workers below run them. */
    jobs: Jobs;
  }
}

/** Emails delivered at once by one instance: enough to drain a burst, few enough for a small mail server. */
const EMAIL_CONCURRENCY = 8;
/** SMS sent at once by one instance: each is one HTTP request to the provider. */
const SMS_CONCURRENCY = 8;
/** Push messages sent at once by one instance: each is a request per device of its user. */
const PUSH_CONCURRENCY = 8;
/** Payouts asked of Paystack at once by one instance: each is a transfer request (and, when its answer is lost, a verify). */
const PAYOUT_CONCURRENCY = 32;
/** Offers ending and going on to the next rider: short transactions a rider is waiting on. */
const OFFER_CONCURRENCY = 16;

/** A cron expression (seconds first) for every `seconds`, in whole minutes: pg-boss looks at its schedules twice a minute. */
export function everyMinutesOf(seconds: number): string {
  return `0 */${Math.max(1, Math.round(seconds / 60))} * * * *`;
}

/** Once, in a database that had no job queue until now: emails still queued and refunds still owed get their jobs. */
async function adoptWorkQueuedBeforeJobs(app: FastifyInstance): Promise<void> {
  const emails = await queueJobsForUnsentEmails(app.db, app.jobs);
  const refunds = await queueJobsForOwedRefunds(app.db, app.jobs);
  if (emails + refunds > 0) app.log.info({ emails, refunds }, 'queued jobs for work left from before the job queue');
}

/**
 * The job queue and what each queue's jobs do, wired here so that jobs/ knows no domain. Workers
 * start once the app is ready and stop, letting the jobs in hand finish, before the mail
 * transport and the database close.
 */
export const jobsPlugin = fp(async (app: FastifyInstance) => {
  const jobs = new Jobs(app.database.jobQueue, app.log, jobsOptionsOf(app.config));
  const mailer = createMailer(app.config, app.log);
  app.decorate('jobs', jobs);

  jobs.work('email', (data, job) => deliverQueuedEmail({ db: app.db, mailer }, data.outboxId, job), EMAIL_CONCURRENCY);
  const smsProvider = createSmsProvider(app.config, app.log);
  jobs.work('sms', (data, job) => sendQueuedSms({ db: app.db, provider: smsProvider }, data.smsId, job), SMS_CONCURRENCY);
  const push = { db: app.db, vapid: vapidOf(app.config), origins: app.config.PUSH_SERVICE_ORIGINS, log: app.log };
  jobs.work('push', (data) => deliverPush(push, data), PUSH_CONCURRENCY);
  jobs.work('password-reset', (data) => startPasswordReset({ db: app.db, jobs, publicUrl: app.config.PUBLIC_URL }, data.email));
  jobs.work('refund', (data) => sendRefund(paymentContext(app), data.refundId));
  jobs.work(
    'payment-sweep',
    async () => {
      await sweepCardIntents(paymentContext(app));
    },
    1,
  );
  jobs.work('payout', (data) => sendPayout(payoutContext(app), data.payoutId), PAYOUT_CONCURRENCY);
  jobs.work('offer-expiry', (data) => expireOffer(app, data.offerId), OFFER_CONCURRENCY);
  jobs.work(
    'offer-next',
    async (data) => {
      await dispatchOrder(app, data.orderId, data.unmovedSince);
    },
    OFFER_CONCURRENCY,
  );
  jobs.work(
    'offer-rider',
    async (data) => {
      await offerWaitingOrder(app, data.driverId);
    },
    OFFER_CONCURRENCY,
  );
  jobs.work(
    'payout-sweep',
    async () => {
      await checkPayouts(payoutContext(app));
    },
    1,
  );
  const alertMinutes = {
    waitingMinutes: app.config.ORDER_WAITING_ALERT_MINUTES,
    unassignedMinutes: app.config.ORDER_UNASSIGNED_ALERT_MINUTES,
  };
  jobs.work(
    'order-alerts',
    async () => {
      await sendDueAlerts({ db: app.db, jobs }, alertMinutes);
    },
    1,
  );
  if (alertMinutes.waitingMinutes > 0 || alertMinutes.unassignedMinutes > 0) jobs.every('order-alerts', everyMinutesOf(60));
  // The sweep: pending intents are checked with Paystack, and abandoned ones expire, once across every instance.
  if (paystackKeys(app.config) && app.config.PAYMENT_SWEEP_SECONDS > 0) {
    jobs.every('payment-sweep', everyMinutesOf(app.config.PAYMENT_SWEEP_SECONDS));
    // The payout check rides the same schedule: payouts under way asked of Paystack (verify).
    jobs.every('payout-sweep', everyMinutesOf(app.config.PAYMENT_SWEEP_SECONDS));
  }

  app.addHook('onClose', () => mailer.close());
  app.addHook('onReady', async () => {
    await jobs.start();
    if (app.database.jobQueueNew) await adoptWorkQueuedBeforeJobs(app);
  });
  // Hooks of one plugin close last-registered first: the workers stop before the mailer closes.
  app.addHook('onClose', () => jobs.stop());
});
