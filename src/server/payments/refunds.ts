import { formatMoney } from '@shared/money.js';
import type { Db, Queryable } from '../db/client.js';
import { PermanentJobError, type Jobs } from '../jobs/jobs.js';
import { queueEmail } from '../notifications/outbox.js';
import { refundTransaction, verifyTransaction, type PaystackKeys } from './paystack.js';
import { claimRefund, findCustomerEmail, findOwedRefundIds, isRefunded, markRefunded, releaseRefund } from './repository.js';
import { paystackKeys, type PaymentContext } from './context.js';

/** Someone else holds the refund (the verify path or another try of its job): its job tries again later. */
class RefundHeldElsewhere extends Error {}

/**
 * The `refund` job: asks Paystack to refund an owed refund (repository oweRefund), once claimed so
 * no other sender asks at the same time, and records it when Paystack accepts. Done at once when
 * it was refunded already; throws (and the queue retries with backoff) while Paystack fails or
 * another sender holds it; without keys card payments are off and nothing can be refunded.
 */
export async function sendRefund(ctx: PaymentContext, id: string): Promise<void> {
  const keys = paystackKeys(ctx.config);
  if (!keys) throw new PermanentJobError('card payments are off (no Paystack keys): the refund cannot be sent');
  const { db } = ctx.database;
  const refund = await claimRefund(db, id);
  if (!refund) {
    if (await isRefunded(db, id)) return;
    throw new RefundHeldElsewhere('another sender holds this refund');
  }
  try {
    // Without an amount Paystack refunds all that was paid, whatever the intent expected.
    await refundTransaction(keys, { transaction: refund.reference });
  } catch (err) {
    if (!(await wasReversed(keys, refund.reference))) {
      await releaseRefund(db, id);
      throw err;
    }
  }
  await db.transaction((tx) => markRefunded(tx, id));
}

/**
 * Queues a job for every refund still owed in a database from before the job queue (decision 018),
 * in one transaction: the old payment sweep retried them, and nothing else would now.
 */
export async function queueJobsForOwedRefunds(db: Db, jobs: Jobs): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = await findOwedRefundIds(tx);
    await jobs.sendMany(
      tx,
      'refund',
      ids.map((refundId) => ({ refundId })),
    );
    return ids.length;
  });
}

/** Queues, in the transaction that owed refund `refundId`, the job that sends it once that commits. */
export async function queueRefund(tx: Queryable, jobs: Jobs, refundId: string | undefined): Promise<string | undefined> {
  if (refundId) await jobs.send(tx, 'refund', { refundId });
  return refundId;
}

/**
 * Whether Paystack has already given the payment back: a refund it accepted before we could
 * record it (a crash, a timeout after it acted) is refused as 'fully reversed' ever after, so
 * asking again would never end.
 */
async function wasReversed(keys: PaystackKeys, reference: string): Promise<boolean> {
  try {
    return (await verifyTransaction(keys, reference)).status === 'reversed';
  } catch {
    return false;
  }
}

/** The email telling the customer their payment goes back, and why, queued in the caller's transaction. */
export async function queueRefundEmail(
  tx: Queryable,
  jobs: Jobs,
  refund: { customerId: string; amount: number; currencySymbol: string; reason: string },
): Promise<void> {
  const to = await findCustomerEmail(tx, refund.customerId);
  if (!to) return;
  const message = {
    to,
    subject: 'Your ChopChop payment is being refunded',
    text: [
      'Hello,',
      '',
      `We are refunding your card payment of ${formatMoney(refund.amount, refund.currencySymbol)}: ${refund.reason}.`,
      'Your bank usually shows the refund within a few working days.',
    ].join('\n'),
  };
  await queueEmail(tx, jobs, message);
}
