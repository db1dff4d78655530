import type { PayoutStatus } from '@shared/payouts/kinds.js';
import { topics, type RealtimeEvent } from '@shared/realtime/events.js';
import type { Tx } from '../db/client.js';
import { raiseInTransaction } from '../realtime/publish.js';
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
 * Tells the admins' payouts page and the payee's statement and earnings of payouts made or moved,
 * from inside the transaction that made or moved them: every instance hears a payout's moves in
 * the order they committed, so its `queued` always before what its job, a webhook or the check
 * moves it to next. The event names the payout and its status only: no amount, account or name.
 */
export async function raisePayoutMoves(tx: Tx, moves: readonly PayoutMove[]): Promise<void> {
  await raiseInTransaction(
    tx,
    moves.flatMap((move): RealtimeEvent[] =>
      [topics.payouts(), payeeTopic(move)].map((topic) => ({
        topic,
        type: 'payout.moved',
        payoutId: move.id,
        status: move.status,
      })),
    ),
  );
}
