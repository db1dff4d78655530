import { z } from 'zod';

/** The job queues (server jobs/queues.ts), named for the admin's Jobs page. */
export const JOB_QUEUE_LABELS = {
  email: 'Email',
  sms: 'SMS',
  push: 'Push message',
  'password-reset': 'Password reset',
  refund: 'Card refund',
  'payment-sweep': 'Payment sweep',
  payout: 'Payout',
  'payout-sweep': 'Payout check',
  'order-alerts': 'Order alerts',
  'offer-expiry': 'Offer running out',
  'offer-next': 'Offer to the next rider',
  'offer-rider': 'Offer to a rider just free',
} as const;

const jobQueueSchema = z.enum(Object.keys(JOB_QUEUE_LABELS) as [keyof typeof JOB_QUEUE_LABELS]);

/** A job in trouble: `retrying` failed and waits for its next try; `dead` has no tries left. */
const troubledJobSchema = z.object({
  id: z.uuid(),
  queue: jobQueueSchema,
  state: z.enum(['retrying', 'dead']),
  /** Tries made so far. */
  tries: z.number().int(),
  /** What the last try failed with. */
  error: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  /** When a retrying job tries again; null for a dead one. */
  nextTryAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TroubledJob = z.infer<typeof troubledJobSchema>;

export const troubledJobsSchema = z.object({ items: z.array(troubledJobSchema) });

export const jobParamsSchema = z.object({ queue: jobQueueSchema, id: z.uuid() });

export const JOB_MESSAGES = {
  retried: 'The job will run again within seconds.',
  notDead: 'This job is not dead any more: it has run or is being retried.',
  notFound: 'No such job: it may have been cleared since.',
  retryFailed: 'Could not retry the job. Please try again.',
} as const;
