import type { DispatchOutcome } from '@shared/drivers/schemas.js';
import type { RealtimeEvent } from '@shared/realtime/events.js';
import type { Tx } from '../db/client.js';

/** A completed card payment: what its refund gives back. */
interface PaidCardPayment {
  reference: string | null;
  amount: number;
}

/** What dispatch did about a ready order: the kitchen's outcome. */
export interface Dispatched {
  outcome: DispatchOutcome;
}

/**
 * What order moves ask of the domains above orders (decision 016), which implement it: dispatch
 * its part (dispatch/moveEffects.ts), payments its own (payments/moveEffects.ts); the app hands
 * the whole in (plugins/moveEffects.ts), so orders imports neither.
 */
export interface MoveEffects {
  drivers: {
    /**
     * Locks the driver about to accept the order, in the move's transaction, and refuses with the
     * reason one who may not take it now (unverified, offline, or the batching rule: one picked
     * up, as many as allowed, a restaurant too far from theirs).
     */
    holdForOrder(tx: Tx, driverId: string, orderId: string): Promise<void>;
    /** The same for the driver support gives the order to (unknown, unverified or disabled, the batching rule). */
    holdForAssignment(tx: Tx, driverId: string, orderId: string): Promise<void>;
    /** Remembers that the driver gave the order back, so dispatch never offers it to them again. */
    recordDecline(tx: Tx, orderId: string, driverId: string): Promise<void>;
    /**
     * The order has just left ready in `tx`: taken by driver `takenBy` (their offer of it accepted;
     * refused if it is offered to another), or otherwise (an open offer of it withdrawn).
     */
    settleOffer(tx: Tx, raise: (event: RealtimeEvent) => void, orderId: string, takenBy?: string): Promise<void>;
    /**
     * The driver's delivery ended in `tx` (delivered, given back, closed): once `tx` commits, a job
     * offers them the nearest order waiting near them.
     */
    offerWaiting(tx: Tx, driverId: string): Promise<void>;
    /**
     * The driver took the order in `tx`: if an order waits that they could carry with it (of its
     * kitchen or one nearby, batching, decision 032), a job offers it to them once `tx` commits.
     */
    offerAlongside(tx: Tx, driverId: string, orderId: string): Promise<void>;
    /**
     * The move leaves the order ready in `tx`, at `movedAt` (its updated_at): queues the dispatch
     * that stands in for dispatch() should this process end before running it, due a little later
     * and only for an order nothing has moved since. Its job's id, for dispatch() to cancel.
     */
    dispatchLater(tx: Tx, orderId: string, movedAt: string): Promise<string>;
    /**
     * Once a move has left the order ready and committed: offers it to the nearest free driver,
     * then cancels the stand-in `later` queued (dispatchLater).
     */
    dispatch(orderId: string, later: string): Promise<Dispatched>;
  };
  refunds: {
    /** The order's completed card payment; undefined for cash, unpaid or refunded orders. */
    findPaidCardPayment(tx: Tx, orderId: string): Promise<PaidCardPayment | undefined>;
    /**
     * Owes, in `tx`, the full refund of the order's card payment (`found` when just looked up),
     * with the job that asks Paystack for it once `tx` commits; its id, or undefined when there is
     * nothing to refund or it is owed already.
     */
    oweForOrder(tx: Tx, orderId: string, reason: string, found?: PaidCardPayment): Promise<string | undefined>;
  };
}
