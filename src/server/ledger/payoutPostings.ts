import type { Tx } from '../db/client.js';
import { postedId } from './post.js';
import { insertPayoutReturned, insertPayoutsSent } from './postingsRepository.js';

/**
 * A payout's money events on the ledger (decision 023), each posted in the transaction that makes
 * the event happen, from the payout's own row, at most once per payout and kind. The payee's
 * account is the payout's `payee` ('restaurant' or 'rider') of its `payee_id`.
 */

/**
 * payout_sent for payouts just written (payouts' create, in its transaction): debit the payee's
 * account with the amount (they are owed that much less), credit paystack (it leaves our balance
 * there). Answers how many were posted; a payout posted already is left alone.
 */
export function postPayoutsSent(tx: Tx, payoutIds: readonly string[]): Promise<number> {
  return insertPayoutsSent(tx, payoutIds);
}

/**
 * A payout's transfer failed or was reversed (payouts' status change, in its transaction): the
 * amount goes back to the payee's account and out of paystack, once per payout and kind; nothing
 * for a payout whose payout_sent was never posted.
 */
export async function postPayoutReturned(
  tx: Tx,
  payoutId: string,
  kind: 'payout_failed' | 'payout_reversed',
  memo: string | null = null,
): Promise<string | undefined> {
  return postedId(kind, await insertPayoutReturned(tx, payoutId, kind, memo));
}
