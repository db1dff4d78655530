import type { PayoutStatus } from '@shared/payouts/kinds.js';
import { topics, type RealtimeEvent } from '@shared/realtime/events.js';
import type { Payee } from './repository.js';

/** A payout made (queued) or moved, with whom it pays. */
export interface PayoutMove extends Payee {
  id: string;
  status: PayoutStatus;
}

/**
 * The payee's own topic: the restaurant's, which those who may read its statement follow
 * (policy.ts, seesSales for both), or the rider's.
 */
const payeeTopic = ({ payee, payeeId }: Payee) => (payee === 'restaurant' ? topics.restaurant(payeeId) : topics.driver(payeeId));

/**
 * Tells the admins' payouts page and the payee's statement and earnings of payouts made or moved.
 * `raise` is that of the transaction that made or moved them (transactionWithOrderedEvents), so
 * every instance hears a payout's moves in the order they committed: its `queued` always before
 * what its job, a webhook or the check moves it to next. The event names the payout and its
 * status only: no amount, account or name.
 */
export function raisePayoutMoves(raise: (event: RealtimeEvent) => void, moves: readonly PayoutMove[]): void {
  for (const move of moves) {
    for (const topic of [topics.payouts(), payeeTopic(move)]) {
      raise({ topic, type: 'payout.moved', payoutId: move.id, status: move.status });
    }
  }
}
