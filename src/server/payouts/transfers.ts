import { z } from 'zod';
import type { PayoutStatus } from '@shared/payouts/kinds.js';
import { PAYOUT_MESSAGES, type PayoutView } from '@shared/payouts/schemas.js';
import { paystackKeys } from '../payments/context.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import { PermanentJobError } from '../jobs/jobs.js';
import { postPayoutReturned } from '../ledger/payoutPostings.js';
import { transactionWithOrderedEvents } from '../realtime/publish.js';
import { providerUnavailable, requireKeys, type PayoutContext } from './context.js';
import { raisePayoutMoves, type PayoutMove } from './events.js';
import {
  finalizeTransfer,
  initiateTransfer,
  PaystackRefusal,
  paystackText,
  PaystackUnavailable,
  resendTransferOtp,
  verifyTransfer,
  type TransferState,
} from './paystackTransfers.js';
import {
  findPayoutByReference,
  findPayoutStatus,
  findPayoutToSend,
  findPayoutsToCheck,
  markChecked,
  moveStatus,
} from './repository.js';
import { payoutView } from './views.js';
import { hasLiveJob } from '../jobs/repository.js';

/**
 * A payout's transfer (decision 023): asked of Paystack once with our reference by the `payout`
 * job, and moved to where Paystack says it is by the job's answer, the signed transfer webhooks,
 * the OTP finalisation and the payout check (verify), whichever comes first, each through one
 * conditional update. A failed or reversed transfer's money goes back on the payee's balance
 * (payout_failed, payout_reversed), posted in the update's transaction, once.
 */

/** Paystack's words for a transfer's state, as ours. Unknown words leave the payout where it is. */
function payoutStatusOf(paystackStatus: string): PayoutStatus | undefined {
  switch (paystackStatus) {
    case 'success':
      return 'success';
    case 'failed':
    case 'abandoned':
    case 'blocked':
    case 'rejected':
      return 'failed';
    case 'reversed':
      return 'reversed';
    case 'otp':
      return 'otp';
    case 'pending':
    case 'received':
    case 'processing':
    case 'queued':
      return 'pending';
    default:
      return undefined;
  }
}

/** Where each status may be reached from: never back to queued, never out of failed or reversed; a success can still be reversed. */
const REACHED_FROM: Record<PayoutStatus, readonly PayoutStatus[]> = {
  queued: [],
  pending: ['queued', 'otp'],
  otp: ['queued', 'pending'],
  success: ['queued', 'pending', 'otp'],
  failed: ['queued', 'pending', 'otp'],
  reversed: ['queued', 'pending', 'otp', 'success'],
};

const DEFAULT_REASONS: Partial<Record<PayoutStatus, string>> = {
  failed: 'Paystack reported the transfer failed',
  reversed: 'Paystack reported the transfer reversed',
};

/**
 * Moves the payout (by id, or by our reference) to Paystack's word for its transfer, if that is a
 * move (REACHED_FROM), keeping the transfer code, in one conditional update; a failed or reversed
 * transfer posts the money back in the same transaction, and the admins' payouts topic and the
 * payee's own hear of it as it commits (events.ts). Answers the payout moved, or undefined when
 * nothing changed (a replay, a late or stale answer, a reference that is not ours).
 */
async function applyTransferState(
  ctx: PayoutContext,
  payout: { id: string } | { reference: string },
  state: Pick<TransferState, 'status' | 'transferCode' | 'reason'>,
): Promise<(PayoutMove & { amount: number }) | undefined> {
  const to = payoutStatusOf(state.status);
  if (!to) {
    ctx.log.warn(
      { ...payout, paystackStatus: state.status.slice(0, 40) },
      'payout: Paystack reported a transfer status we do not know',
    );
    return undefined;
  }
  return moveTo(ctx, payout, to, state);
}

/**
 * The move itself, with its event (events.ts) and, for a failed or reversed transfer, the money
 * posted back, in one transaction.
 */
async function moveTo(
  ctx: PayoutContext,
  payout: { id: string } | { reference: string },
  to: PayoutStatus,
  state: Pick<TransferState, 'transferCode' | 'reason'>,
) {
  const returned = to === 'failed' || to === 'reversed';
  const failureReason = returned ? state.reason?.replaceAll('\u0000', '').slice(0, 300) || DEFAULT_REASONS[to] : undefined;
  return transactionWithOrderedEvents(ctx.db, async (tx, raise) => {
    const moved = await moveStatus(tx, payout, to, REACHED_FROM[to], { transferCode: state.transferCode, failureReason });
    if (!moved) return undefined;
    if (returned)
      await postPayoutReturned(tx, moved.id, to === 'failed' ? 'payout_failed' : 'payout_reversed', failureReason ?? null);
    raisePayoutMoves(raise, [moved]);
    return moved;
  });
}

/** Our narration of every transfer, on the payee's bank or wallet statement. */
const TRANSFER_REASON = 'ChopChop payout';

/**
 * The `payout` job: asks Paystack for the payout's transfer, with our reference, while it is still
 * queued. When Paystack's answer is lost (a timeout, a 5xx, a crash after it accepted and before
 * we recorded it) or it says the reference is taken, verify says what became of the transfer;
 * asking again with the same reference can never make a second one. A transfer Paystack refused
 * and never made fails the payout (its money back on the balance). Throws to be retried while
 * Paystack cannot say.
 */
export async function sendPayout(ctx: PayoutContext, payoutId: string): Promise<void> {
  const keys = paystackKeys(ctx.config);
  if (!keys) throw new PermanentJobError('payouts are off (no Paystack keys): the transfer cannot be asked for');
  const payout = await findPayoutToSend(ctx.db, payoutId);
  // Already asked and answered (by an earlier try, the webhook or the check): nothing to send.
  if (payout?.status !== 'queued') return;
  let state: TransferState | undefined;
  try {
    state = await initiateTransfer(keys, {
      amount: payout.amount,
      recipientCode: payout.recipientCode,
      reference: payout.reference,
      currency: payout.currency,
      reason: TRANSFER_REASON,
    });
  } catch (err) {
    if (!(err instanceof PaystackRefusal) && !(err instanceof PaystackUnavailable)) throw err;
    state = await verifyTransfer(keys, payout.reference);
    if (!state) {
      if (err instanceof PaystackRefusal && !err.isDuplicate) {
        ctx.log.warn({ payoutId, httpStatus: err.httpStatus }, 'payout: Paystack refused the transfer');
        await applyTransferState(ctx, { id: payoutId }, { status: 'failed', transferCode: undefined, reason: err.message });
        return;
      }
      throw err;
    }
  }
  await applyTransferState(ctx, { id: payoutId }, state);
}

/** The part of a transfer event (transfer.success, transfer.failed, transfer.reversed) read here. */
const transferEventSchema = z.looseObject({
  event: z.enum(['transfer.success', 'transfer.failed', 'transfer.reversed']),
  data: z.looseObject({
    reference: z.string().max(100),
    transfer_code: z.string().max(100).nullish(),
    amount: z.number().int().optional(),
    gateway_response: paystackText(500).nullish(),
  }),
});

const EVENT_STATUS = {
  'transfer.success': 'success',
  'transfer.failed': 'failed',
  'transfer.reversed': 'reversed',
} as const;

/**
 * A signed transfer event, handed over by the payment webhook (payments/service.ts checked the
 * signature): moves the payout of its reference, once; a replay, an event of a reference that is
 * not ours or one that is no move changes nothing and is acknowledged.
 */
export async function receiveTransferEvent(ctx: PayoutContext, event: unknown): Promise<void> {
  const parsed = transferEventSchema.safeParse(event);
  if (!parsed.success) return;
  const { data } = parsed.data;
  const moved = await applyTransferState(
    ctx,
    { reference: data.reference },
    {
      status: EVENT_STATUS[parsed.data.event],
      transferCode: data.transfer_code ?? undefined,
      reason: data.gateway_response ?? undefined,
    },
  );
  if (moved && data.amount !== undefined && data.amount !== moved.amount) {
    ctx.log.warn({ payoutId: moved.id }, 'paystack webhook: the transfer amount differs from the payout');
  }
  if (!moved && !(await findPayoutByReference(ctx.db, data.reference))) {
    ctx.log.info({ event: parsed.data.event }, 'paystack webhook: a transfer that is not a payout of ours');
  }
}

/** A payout is checked once it has been under way, unchanged and unchecked, this long. */
const PAYOUT_CHECK_AFTER_MS = 3 * 60 * 1000;
/** Payouts one check asks about, at most: the rest wait for the next. */
const CHECK_BATCH = 200;

export interface PayoutCheck {
  checked: number;
  changed: number;
  unavailable: number;
}

/**
 * The `payout-sweep` job (the payout check): asks Paystack's verify about payouts under way for
 * more than a few minutes, so a lost webhook or a lost answer never leaves one open for good, and
 * moves them as Paystack says; one left as it was is marked checked so that the next check asks
 * about others first. A queued payout Paystack never heard of is its job's to send: when that job
 * is gone (dead after its last try), the check queues the payout's job again, which is safe since
 * Paystack makes one transfer per reference.
 */
export async function checkPayouts(ctx: PayoutContext, olderThanMs = PAYOUT_CHECK_AFTER_MS): Promise<PayoutCheck> {
  const result: PayoutCheck = { checked: 0, changed: 0, unavailable: 0 };
  const keys = paystackKeys(ctx.config);
  if (!keys) return result;
  for (const payout of await findPayoutsToCheck(ctx.db, olderThanMs, CHECK_BATCH)) {
    let state: TransferState | undefined;
    try {
      state = await verifyTransfer(keys, payout.reference);
    } catch {
      result.unavailable += 1;
      continue;
    }
    result.checked += 1;
    if (state && (await applyTransferState(ctx, { id: payout.id }, state))) result.changed += 1;
    else {
      await ctx.db.transaction(async (tx) => {
        if (!state && payout.status === 'queued' && !(await hasLiveJob(tx, 'payout', 'payoutId', payout.id))) {
          await ctx.jobs.send(tx, 'payout', { payoutId: payout.id });
        }
        await markChecked(tx, payout.id, payout.status);
      });
    }
  }
  if (result.unavailable > 0)
    ctx.log.warn({ unavailable: result.unavailable }, 'payout check: Paystack did not answer for some payouts');
  return result;
}

/** The payout Paystack holds for an OTP, with its transfer code: 404 for none, 409 for one not waiting for an OTP. */
async function payoutWaitingForOtp(ctx: PayoutContext, payoutId: string) {
  const payout = await findPayoutStatus(ctx.db, payoutId);
  if (!payout) throw notFound(PAYOUT_MESSAGES.payoutNotFound);
  if (payout.status !== 'otp' || !payout.transferCode) throw conflict(PAYOUT_MESSAGES.notWaitingForOtp);
  return { ...payout, transferCode: payout.transferCode };
}

/**
 * POST /api/admin/payouts/:id/otp: finalises a transfer Paystack holds for the OTP it sent the
 * business's phone; the OTP goes to Paystack and nowhere else (never logged or stored).
 */
export async function finalizePayout(ctx: PayoutContext, payoutId: string, otp: string): Promise<PayoutView> {
  const payout = await payoutWaitingForOtp(ctx, payoutId);
  const keys = requireKeys(ctx.config);
  let state: TransferState;
  try {
    state = await finalizeTransfer(keys, { transferCode: payout.transferCode, otp });
  } catch (err) {
    if (err instanceof PaystackRefusal) throw unprocessable(PAYOUT_MESSAGES.otpRefused(err.message.slice(0, 200)));
    if (!(err instanceof PaystackUnavailable)) throw err;
    // The answer was lost: Paystack's record of the transfer says whether the OTP was taken.
    const known = await verifyTransfer(keys, payout.reference).catch(() => undefined);
    if (!known) throw providerUnavailable();
    state = known;
  }
  await applyTransferState(ctx, { id: payoutId }, state);
  return payoutView(ctx.db, payoutId);
}

/**
 * POST /api/admin/payouts/:id/otp/resend: asks Paystack to send the business's phone a new OTP for
 * a transfer that waits for one (the first did not arrive, or expired). Nothing changes here; the
 * payout as it stands.
 */
export async function resendPayoutOtp(ctx: PayoutContext, payoutId: string): Promise<PayoutView> {
  const payout = await payoutWaitingForOtp(ctx, payoutId);
  try {
    await resendTransferOtp(requireKeys(ctx.config), payout.transferCode);
  } catch (err) {
    if (err instanceof PaystackRefusal) throw unprocessable(PAYOUT_MESSAGES.otpResendRefused(err.message.slice(0, 200)));
    if (err instanceof PaystackUnavailable) throw providerUnavailable();
    throw err;
  }
  return payoutView(ctx.db, payoutId);
}
