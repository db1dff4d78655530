import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { EmailSender } from '../notifications/emailSender.js';
import type { PaystackKeys } from './paystack.js';

/** What card payments need of the app: the database, Paystack's keys in the config, a log and the mailer. */
export interface PaymentContext {
  database: Database;
  config: Config;
  log: FastifyBaseLogger;
  mailer: EmailSender;
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
  mailer: app.mailer,
});
