import { formatMoney } from '@shared/money.js';
import type { Queryable } from '../db/client.js';
import type { QueuedEmail } from '../notifications/orderEmails.js';
import { queueEmail } from '../notifications/outbox.js';
import { refundTransaction, verifyTransaction, type PaystackKeys } from './paystack.js';
import { claimRefund, findCustomerEmail, findRefundsDue, markRefunded } from './repository.js';
import { paystackKeys, type PaymentContext } from './context.js';

/**
 * Asks Paystack to refund an owed refund (repository oweRefund), once claimed so no other sender
 * asks at the same time, and records it when Paystack accepts. False when it was not sent now
 * (held by another sender, done already, no keys, or Paystack failed: the sweep retries later).
 */
export async function sendRefund(ctx: PaymentContext, id: string): Promise<boolean> {
  const keys = paystackKeys(ctx.config);
  if (!keys) return false;
  const { db } = ctx.database;
  const refund = await claimRefund(db, id);
  if (!refund) return false;
  try {
    // Without an amount Paystack refunds all that was paid, whatever the intent expected.
    await refundTransaction(keys, { transaction: refund.reference });
  } catch {
    if (!(await wasReversed(keys, refund.reference))) {
      ctx.log.warn({ refundId: id }, 'paystack refund failed: the payment sweep retries it');
      return false;
    }
  }
  await db.transaction((tx) => markRefunded(tx, id));
  return true;
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

/** Owed refunds the sweep sends at most at once; more wait for the next sweep. */
const REFUND_BATCH = 100;

/** The sweep's part for refunds: every owed refund no sender holds is sent again. */
export async function sendRefundsDue(ctx: PaymentContext): Promise<number> {
  let sent = 0;
  for (const id of await findRefundsDue(ctx.database.db, REFUND_BATCH)) if (await sendRefund(ctx, id)) sent += 1;
  return sent;
}

/** The email telling the customer their payment goes back, and why, queued in the caller's transaction. */
export async function queueRefundEmail(
  tx: Queryable,
  refund: { customerId: string; amount: number; currencySymbol: string; reason: string },
): Promise<QueuedEmail | null> {
  const to = await findCustomerEmail(tx, refund.customerId);
  if (!to) return null;
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
  return { outboxId: await queueEmail(tx, message), message };
}

/**
 * Sends refunds after the transaction that owed them has committed (app.refunds), so Paystack
 * never holds up or undoes an order move; close() waits for those in flight.
 */
export class RefundSender {
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly ctx: PaymentContext) {}

  sendLater(id: string): void {
    const task = sendRefund(this.ctx, id)
      .catch((err: unknown) => this.ctx.log.error({ err, refundId: id }, 'could not send a refund'))
      .finally(() => this.pending.delete(task));
    this.pending.add(task);
  }

  async close(): Promise<void> {
    await Promise.all(this.pending);
  }
}
