import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Jobs } from '../jobs/jobs.js';
import type { PaystackKeys } from './paystack.js';

/**
 * What Paystack's transfer events (transfer.success, transfer.failed, transfer.reversed), signed
 * and parsed as JSON, are handed to: payouts, a domain above payments, hands it in
 * (plugins/payouts.ts), since Paystack posts every event to the one webhook URL.
 */
type TransferEventHandler = (event: { event: string }, log: FastifyBaseLogger) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the payment webhook hands transfer events; absent, they are acknowledged and ignored. */
    transferEvents?: TransferEventHandler;
  }
}

/** What card payments need of the app: the database, Paystack's keys in the config, a log and the job queue. */
export interface PaymentContext {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  jobs: Jobs;
  transferEvents?: TransferEventHandler;
}

/** Paystack's keys when card payments are on: both keys set (config.ts refuses one without the other). */
export function paystackKeys(config: Config): PaystackKeys | undefined {
  if (!config.PAYSTACK_PUBLIC_KEY || !config.PAYSTACK_SECRET_KEY) return undefined;
  return { apiUrl: config.PAYSTACK_API_URL, secretKey: config.PAYSTACK_SECRET_KEY };
}

/** The app's payment context, logging to `log` (a request's, or the app's). */
export const paymentContext = (app: FastifyInstance, log: FastifyBaseLogger = app.log): PaymentContext => ({
  database: app.database,
  config: app.config,
  log,
  jobs: app.jobs,
  transferEvents: app.transferEvents,
});
