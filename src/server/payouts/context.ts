import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { PAYOUT_MESSAGES } from '@shared/payouts/schemas.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { AppError, unprocessable } from '../http/errors.js';
import type { Jobs } from '../jobs/jobs.js';
import { paystackKeys } from '../payments/context.js';
import type { PaystackKeys } from '../payments/paystack.js';
import { PaystackRefusal, PaystackUnavailable } from './paystackTransfers.js';

/** What payouts need of the app: the database, Paystack's keys in the config, the job queue and a log. */
export interface PayoutContext {
  db: Db;
  config: Config;
  jobs: Jobs;
  log: FastifyBaseLogger;
}

export const payoutContext = (app: FastifyInstance, log: FastifyBaseLogger = app.log): PayoutContext => ({
  db: app.db,
  config: app.config,
  jobs: app.jobs,
  log,
});

/** Paystack's keys, or 422: without them nothing can be resolved, saved as a recipient or paid out. */
export function requireKeys(config: Config): PaystackKeys {
  const keys = paystackKeys(config);
  if (!keys) throw unprocessable(PAYOUT_MESSAGES.payoutsOff);
  return keys;
}

/** Paystack not answering, to a person waiting for it: 502, and try again. */
export const providerUnavailable = () => new AppError(502, 'internal', PAYOUT_MESSAGES.providerUnavailable);

/** Runs a Paystack call for a request: an outage answers 502; a refusal is the caller's to word (`refused`). */
export async function askForRequest<T>(call: () => Promise<T>, refused: (err: PaystackRefusal) => Error): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof PaystackRefusal) throw refused(err);
    if (err instanceof PaystackUnavailable) throw providerUnavailable();
    throw err;
  }
}
